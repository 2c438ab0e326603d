import Foundation

/// What the session says of the person when notifier delivers: read from logind (or the
/// screen saver) and from the notification server in use. When neither answers, the person
/// reads as present (a bubble is never lost to a guess that they left), and `unknown` says why,
/// so that the log and `status` tell `when_away` is not in use.
public struct Presence: Sendable, Equatable, Codable {
    public var locked: Bool
    /// Since when the session has been idle; `nil` while it is in use.
    public var idleSince: Date?
    public var doNotDisturb: Bool
    /// Where it was read ("logind session 3", "org.freedesktop.ScreenSaver"); `nil`: nowhere.
    public var source: String?
    /// The notification server whose do-not-disturb was read ("dunst"); `nil`: none that tells.
    public var doNotDisturbSource: String?
    /// Why no source could say whether the person is here ("there is no system bus"); `nil`:
    /// one did.
    public var unknown: String?

    public init(
        locked: Bool = false, idleSince: Date? = nil, doNotDisturb: Bool = false, source: String? = nil, doNotDisturbSource: String? = nil
    ) {
        self.locked = locked
        self.idleSince = idleSince
        self.doNotDisturb = doNotDisturb
        self.source = source
        self.doNotDisturbSource = doNotDisturbSource
    }

    /// Nothing known: at the desk, nothing held.
    public static let unknown = Presence()
}

/// Whether the person is at the desk, as `[delivery] away_after` reads a presence.
public enum Whereabouts: Sendable, Equatable {
    case present
    /// Away, and why in words: "the screen is locked", "idle for 12 min".
    case away(why: String)

    public var isAway: Bool { if case .away = self { true } else { false } }
}

/// Where a due notification goes: this desktop, or the person's channels while they are away.
public struct ReachPolicy: Sendable, Equatable {
    /// Idle this long (or locked) is away; zero: never away.
    public var awayAfter: Duration
    /// The channels used while away, in order: the first that takes it, the rest fallbacks.
    public var whenAway: [String]
    /// Hold what is not critical while the desktop's do-not-disturb is on.
    public var respectDoNotDisturb: Bool
    /// On return, one bubble that says what went elsewhere.
    public var recap: Bool

    public init(awayAfter: Duration = .seconds(300), whenAway: [String] = [], respectDoNotDisturb: Bool = true, recap: Bool = true) {
        self.awayAfter = awayAfter
        self.whenAway = whenAway
        self.respectDoNotDisturb = respectDoNotDisturb
        self.recap = recap
    }

    public func whereabouts(_ presence: Presence, now: Date) -> Whereabouts {
        guard awayAfter > .zero else { return .present }
        if presence.locked { return .away(why: "the screen is locked") }
        if let since = presence.idleSince, now.timeIntervalSince(since) >= awayAfter.nonNegativeSeconds {
            // A session idle without saying since when.
            if since == .distantPast { return .away(why: "the session is idle") }
            let minutes = max(1, Int(now.timeIntervalSince(since) / 60))
            return .away(why: "idle for \(minutes) min")
        }
        return .present
    }

    /// Where one due alert goes. `alsoTo`: the channels its rule always sends to.
    public func route(_ alert: Alert, whereabouts: Whereabouts, alsoTo: [String] = []) -> Route {
        // A channel named both ways is sent to once.
        var channels = alsoTo
        if whereabouts.isAway {
            for name in whenAway where !channels.contains(name) { channels.append(name) }
        }
        let desktop = !whereabouts.isAway || whenAway.isEmpty
        return Route(desktop: desktop, channels: channels, fallbackFrom: whereabouts.isAway ? whenAway : [])
    }
}

/// One alert's way out.
public struct Route: Sendable, Equatable {
    /// Shown as a bubble on this desktop.
    public var desktop: Bool
    /// Sent to these channels.
    public var channels: [String]
    /// Of `channels`, those that stand in for each other (`when_away`): the first that takes
    /// it is enough; the others (a rule's own) are each sent to.
    public var fallbackFrom: [String]

    public init(desktop: Bool, channels: [String], fallbackFrom: [String] = []) {
        self.desktop = desktop
        self.channels = channels
        self.fallbackFrom = fallbackFrom
    }
}
