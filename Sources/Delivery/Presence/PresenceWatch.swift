import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// What delivery knows of the person between deliveries: where they were last seen, the away
/// spell (read from the store once: its one writer is the dispatcher that holds this), and what
/// was last saved for `status`. The dispatcher reads presence as a delivery begins and hands it
/// here; what this returns is what the outbox and the recap need.
package struct PresenceWatch: Sendable {
    /// Where due alerts go: this desktop, or the person's channels while they are away.
    package let reach: ReachPolicy
    /// Reads presence and do-not-disturb; a replay's says nothing.
    package let read: @Sendable () async -> Presence
    /// With `[delivery] busy_calendars`: why the person is busy now by their calendars, if they are.
    let busyNow: (@Sendable (Date) -> String?)?
    /// The whereabouts of the last delivery, for the notes and `status`.
    package private(set) var whereabouts = Whereabouts.present
    private var spell: AwaySpell?
    private var saved: (Presence, String?)?

    package init(reach: ReachPolicy, read: @escaping @Sendable () async -> Presence, busyNow: (@Sendable (Date) -> String?)?) {
        self.reach = reach
        self.read = read
        self.busyNow = busyNow
    }

    /// Nothing to deliver and no spell to close: the session need not be asked.
    package mutating func needsALook(pending: Int, store: Store?, logger: Logger) -> Bool {
        pending > 0 || storedSpell(store: store, logger: logger).since != nil
    }

    /// Takes what was just read of the person: whether the outbox holds for do-not-disturb,
    /// and on their return the recap to queue.
    package mutating func observe(_ read: Presence, now: Date, store: Store?, logger: Logger) -> (doNotDisturb: Bool, recap: Alert?) {
        // Each store call may wait out another process's lock on this thread: read once, written on change.
        var spell = storedSpell(store: store, logger: logger)
        var presence = read
        if !presence.doNotDisturb, let busy = busyNow?(now) {
            presence.doNotDisturb = true
            presence.doNotDisturbSource = busy
        }
        let doNotDisturb = reach.respectDoNotDisturb && presence.doNotDisturb
        whereabouts = reach.whereabouts(presence, now: now)
        guard let store else { return (doNotDisturb, nil) }
        var away: String?
        if case .away(let why) = whereabouts { away = why }
        if saved.map({ $0.0 != presence || $0.1 != away }) ?? true {
            // Said when it starts or its reason changes: `when_away` cannot work meanwhile.
            if let unknown = presence.unknown, unknown != saved?.0.unknown, !reach.whenAway.isEmpty {
                logger.warning("presence unknown: \(unknown); delivering as if you were at the desk, so when_away is not used")
            }
            saved = (presence, away)
            _ = StoreProblems.attempt("the presence seen", logger: logger) { try store.savePresence(presence, away: away, at: now) }
        }
        var recap: Alert?
        switch spell.observe(whereabouts, now: now) {
        case .unchanged: return (doNotDisturb, nil)
        case .wentAway:
            if case .away(let why) = whereabouts { logger.info("away (\(why)): notifications go to \(reach.whenAway.joined(separator: ", "))") }
        case .returned(_, let went):
            logger.info("back at the desk\(went.isEmpty ? "" : ": \(went.count) went elsewhere meanwhile")")
            if reach.recap, !went.isEmpty { recap = AwaySpell.recap(went, now: now) }
        }
        save(spell, store: store, logger: logger)
        return (doNotDisturb, recap)
    }

    /// Where an alert goes now, given the channels it always goes to as well.
    package func route(_ alert: Alert, alsoTo: [String]) -> Route {
        reach.route(alert, whereabouts: whereabouts, alsoTo: alsoTo)
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

    /// Remembered for the recap on return.
    package mutating func recordSentAway(_ alert: Alert, store: Store?, logger: Logger) {
        var changed = storedSpell(store: store, logger: logger)
        changed.record(alert)
        save(changed, store: store, logger: logger)
    }

    private mutating func storedSpell(store: Store?, logger: Logger) -> AwaySpell {
        if let spell { return spell }
        let stored = StoreProblems.attempt("the away spell", logger: logger) { try store?.awaySpell() } ?? nil
        spell = stored ?? AwaySpell()
        return spell ?? AwaySpell()
    }

    private mutating func save(_ changed: AwaySpell, store: Store?, logger: Logger) {
        spell = changed
        _ = StoreProblems.attempt("the away spell", logger: logger) { try store?.saveAwaySpell(changed) }
    }

    /// `feeds`: those that may know of a busy time (a calendar's).
    package static func busyCalendars(config: Config, paths: XDGPaths?, logger: Logger, feeds: [any FeedKind]) -> @Sendable (Date) -> String? {
        { now in
            for kind in feeds.capable((any BusyTimes).self) {
                if let busy = kind.busy(config: config, paths: paths, now: now, logger: logger) { return busy }
            }
            return nil
        }
    }
}
