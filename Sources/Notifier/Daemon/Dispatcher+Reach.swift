import Foundation
import NotifierEngine

/// Reaching the person where they are: presence and do-not-disturb read as a delivery begins,
/// what is due sent to their channels while they are away, one recap on return.
extension Dispatcher {
    /// Reads presence; sets the outbox's do-not-disturb; on return, queues the recap.
    func lookAtThePerson(now: Date) async {
        // Each store call may wait out another process's lock on this thread: read once, written on change.
        var spell = storedSpell()
        // Nothing to deliver and no spell to close: the session is not asked.
        guard pendingCount > 0 || spell.since != nil else { return }
        let presence = await presence()
        setDoNotDisturb(reach.respectDoNotDisturb && presence.doNotDisturb)
        whereabouts = reach.whereabouts(presence, now: now)
        guard let store else { return }
        var away: String?
        if case .away(let why) = whereabouts { away = why }
        if presenceSaved.map({ $0.0 != presence || $0.1 != away }) ?? true {
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
    func awayNotes(_ alerts: [Alert], routes: [Route], now: Date) -> [DecisionNote] {
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

    /// Sends an alert routed away; `true` when a channel took it (or it had only channels and
    /// all failed, so the desktop shows it after all: `false`).
    func sendAway(_ alert: Alert, route: Route, now: Date) async -> Bool {
        guard !route.channels.isEmpty else { return false }
        // Of the stand-ins for this desktop (when_away), the first that takes it is enough; a
        // rule's own channels are each sent to.
        var delivered = false
        for name in route.channels {
            let standsIn = route.fallbackFrom.contains(name)
            if delivered && standsIn { continue }
            guard let channel = channels.first(where: { $0.name == name }) else { continue }
            switch await sink.send(alert, to: channel) {
            case .success(let answer):
                logger.debug("sent \(alert.rule) \(alert.key) to channel \(name): \(answer)")
                if standsIn { delivered = true }
                await channelWorked(name, now: now)
            case .failure(let failure):
                logger.error("channel \(name): \(failure)")
                await channelFailed(name, failure.description, now: now)
            }
        }
        if delivered, !route.desktop { recordSentAway(alert) }
        if !delivered, !route.desktop { logger.warning("no channel took \(alert.rule) \(alert.key); shown on this desktop instead") }
        return delivered && !route.desktop
    }
}

extension Dispatcher {
    /// Remembered for the recap on return.
    func recordSentAway(_ alert: Alert) {
        var changed = storedSpell()
        changed.record(alert)
        save(changed)
    }

    /// A failing channel is told on this desktop once, and once more when it works again.
    func channelFailed(_ name: String, _ error: String, now: Date) async {
        let first = StoreProblems.attempt("the channels' state", logger: logger) { try store?.channelFailed(name, error: error, now: now) } ?? nil
        guard first == true else { return }
        await tell(Self.channelNotice(name, failing: error), now: now)
    }

    func channelWorked(_ name: String, now: Date) async {
        let was = StoreProblems.attempt("the channels' state", logger: logger) { try store?.channelWorked(name) } ?? nil
        guard was == true else { return }
        await tell(Self.channelNotice(name, failing: nil), now: now)
    }

    private func tell(_ notice: Alert, now: Date) async {
        do {
            try await sink.deliver(notice, at: now)
        } catch {
            logger.error("\(notice.title): \(error)")
        }
    }

    static func channelNotice(_ name: String, failing error: String?) -> Alert {
        Alert(
            rule: "channel", key: name,
            title: error == nil ? "Channel \(name) works again" : "Channel \(name) is failing",
            body: error.map { "\($0)\nNotifications go to the next channel, or to this desktop." } ?? "Notifications reach it again.",
            urgency: error == nil ? .low : .normal, category: "x-notifier.feed", deepLink: .history,
            icon: error == nil ? "network-idle" : "network-error")
    }
}
