import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Reaching the person where they are: presence and do-not-disturb read as a delivery begins,
/// what is due sent to their channels while they are away, one recap on return.
extension Dispatcher {
    /// Reads presence; sets the outbox's do-not-disturb; on return, queues the recap.
    package func lookAtThePerson(now: Date) async {
        // Each store call may wait out another process's lock on this thread: read once, written on change.
        var spell = storedSpell()
        // Nothing to deliver and no spell to close: the session is not asked.
        guard pendingCount > 0 || spell.since != nil else { return }
        var presence = await presence()
        if !presence.doNotDisturb, let busy = busyNow?(now) {
            presence.doNotDisturb = true
            presence.doNotDisturbSource = busy
        }
        setDoNotDisturb(reach.respectDoNotDisturb && presence.doNotDisturb)
        whereabouts = reach.whereabouts(presence, now: now)
        guard let store else { return }
        var away: String?
        if case .away(let why) = whereabouts { away = why }
        if presenceSaved.map({ $0.0 != presence || $0.1 != away }) ?? true {
            // Said when it starts or its reason changes: `when_away` cannot work meanwhile.
            if let unknown = presence.unknown, unknown != presenceSaved?.0.unknown, !reach.whenAway.isEmpty {
                logger.warning("presence unknown: \(unknown); delivering as if you were at the desk, so when_away is not used")
            }
            presenceSaved = (presence, away)
            _ = StoreProblems.attempt("the presence seen", logger: logger) { try store.savePresence(presence, away: away, at: now) }
        }
        let step = spell.observe(whereabouts, now: now)
        switch step {
        case .unchanged: return
        case .wentAway:
            if case .away(let why) = whereabouts { logger.info("away (\(why)): notifications go to \(reach.whenAway.joined(separator: ", "))") }
        case .returned(_, let recap):
            logger.info("back at the desk\(recap.isEmpty ? "" : ": \(recap.count) went elsewhere meanwhile")")
            if reach.recap, !recap.isEmpty { submitRecap(AwaySpell.recap(recap, now: now), now: now) }
        }
        save(spell)
    }

    private func storedSpell() -> AwaySpell {
        if let spell { return spell }
        let stored = StoreProblems.attempt("the away spell", logger: logger) { try store?.awaySpell() } ?? nil
        spell = stored ?? AwaySpell()
        return spell ?? AwaySpell()
    }

    private func save(_ changed: AwaySpell) {
        spell = changed
        _ = StoreProblems.attempt("the away spell", logger: logger) { try store?.saveAwaySpell(changed) }
    }

    /// `why`'s words for alerts that go to channels instead of this desktop.
    package func awayNotes(_ alerts: [Alert], routes: [Route], now: Date) -> [DecisionNote] {
        guard case .away(let why) = whereabouts else { return [] }
        return zip(alerts, routes).flatMap { alert, route -> [DecisionNote] in
            guard !route.desktop, let first = route.fallbackFrom.first else { return [] }
            return alert.individualAlerts.compactMap { member in
                member.subject.map { subject in
                    DecisionNote(
                        key: SubjectKey(rule: member.rule, subject: subject), at: now, outcome: .sentAway,
                        detail: "sent to \(first) because \(why)")
                }
            }
        }
    }

    /// Sends an alert to its route's channels; `true` when a channel stood in for this desktop
    /// (`false`: the desktop shows it, as routed, or because every stand-in refused it).
    package func sendAway(_ alert: Alert, route: Route, now: Date) async -> Bool {
        guard !route.channels.isEmpty else { return false }
        // Another machine of the same config claimed it first: it sends; this one shows its bubble.
        if case .theirs(let by) = await claimChannels(alert, now: now) {
            if !route.desktop, let first = route.fallbackFrom.first { historySays(alert, went: sink.name, not: "channel \(first)", at: now) }
            logger.info("\(alert.rule) \(alert.key): not sent to \(route.channels.joined(separator: ", ")): \(by) claimed it first on the sync topic")
            return false
        }
        // Of the stand-ins for this desktop (when_away), the first that takes it is enough; a
        // rule's own channels are each sent to, and what one refuses is tried again later.
        var delivered = false
        for name in route.channels {
            let standsIn = route.fallbackFrom.contains(name)
            if delivered && standsIn { continue }
            guard let channel = channels.first(where: { $0.name == name }) else { continue }
            switch await sendToChannel(alert, channel, now: now) {
            case .success:
                if standsIn { delivered = true }
            case .failure(let failure):
                if !standsIn { keepForLater(ChannelParcel(channel: name, alert: alert, failedAt: now, error: failure.description)) }
            }
        }
        if delivered, !route.desktop { recordSentAway(alert) }
        if !delivered, !route.desktop, let first = route.fallbackFrom.first {
            logger.warning("no channel took \(alert.rule) \(alert.key); shown on this desktop instead")
            historySays(alert, went: sink.name, not: "channel \(first)", at: now)
        }
        return delivered && !route.desktop
    }
}

extension Dispatcher {
    /// Remembered for the recap on return.
    package func recordSentAway(_ alert: Alert) {
        var changed = storedSpell()
        changed.record(alert)
        save(changed)
    }
}

extension Dispatcher {
    /// `feeds`: those that may know of a busy time (a calendar's).
    static func busyCalendars(config: Config, paths: XDGPaths?, logger: Logger, feeds: [any FeedKind]) -> @Sendable (Date) -> String? {
        { now in
            for kind in feeds.capable((any BusyTimes).self) {
                if let busy = kind.busy(config: config, paths: paths, now: now, logger: logger) { return busy }
            }
            return nil
        }
    }
}
