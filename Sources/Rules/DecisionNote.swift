import Foundation

/// One thing the engine decided about one subject, with its reason: what `notifier why` reads.
///
/// Only decisions that change something are noted (an emission, a suppression of one, a state
/// entered), never "still armed" on every poll, so the log costs one row per event.
public struct DecisionNote: Codable, Sendable, Equatable {
    public enum Outcome: String, Codable, Sendable, CaseIterable {
        // Told the user.
        case fired, repeated, resolved, updated, delivered, grouped
        case heldForQuietHours = "held_quiet_hours"
        case rateLimited = "rate_limited"
        case heldForDoNotDisturb = "held_do_not_disturb"
        /// Sent to the person's channels (a phone) instead of this desktop: they were away.
        case sentAway = "sent_away"
        /// Held until its words were no longer true (`Alert.validUntil`): never shown.
        case expiredWhileHeld = "expired_while_held"
        // Not told, and why.
        case notRearmed = "not_rearmed"
        case coolingDown = "cooling_down"
        case pending
        case snoozed, muted
        case feedUnknown = "feed_unknown"
        case flapping, calm
        /// An update whose bubble is gone (closed, expired) or due in quiet hours: never a new bubble.
        case updateDropped = "update_dropped"
        case changedWhileStopped = "changed_while_stopped"
        /// First seen already beyond its level: no crossing was seen, so nothing is told.
        case firstSeen = "first_seen"
        /// Someone acknowledged the episode: its escalation stops.
        case acknowledged
        /// Not acknowledged in time: shown again, or sent to channels too.
        case escalated

        init(_ emission: AlertStateMachine.Emission) {
            switch emission {
            case .fired: self = .fired
            case .repeated: self = .repeated
            case .resolved: self = .resolved
            case .updated: self = .updated
            }
        }

        /// Whether the user was not told: what `notifier why` lists alone.
        public var isSuppression: Bool {
            switch self {
            case .fired, .repeated, .resolved, .updated, .delivered, .grouped, .changedWhileStopped, .sentAway, .acknowledged, .escalated: return false
            default: return true
            }
        }
    }

    /// The subject of a note about every subject of its rule (the feed gone unknown): one row
    /// for the feed's failure, not one per subject; `notifier why RULE SUBJECT` shows it for each.
    public static let everySubject = "*"

    public var key: SubjectKey
    public var at: Date
    public var outcome: Outcome
    /// The value as a user reads it at that moment: "−5.4 %".
    public var value: String?
    /// The plain-words rest of the reason: "cooling down until 15:02 after the 14:02 notification".
    public var detail: String

    /// The subject as printed: "(every subject)" for a note about all of them.
    public var shownSubject: String {
        key.subject == Self.everySubject ? "(every subject)" : key.subject
    }

    public init(key: SubjectKey, at: Date, outcome: Outcome, value: String? = nil, detail: String = "") {
        self.key = key
        self.at = at
        self.outcome = outcome
        self.value = value
        self.detail = detail
    }
}
