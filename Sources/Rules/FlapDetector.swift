import Foundation

/// When a subject counts as flapping: `crossings` fires within `within` (`flap = { crossings = 4,
/// within = "2h" }`).
public struct FlapPolicy: Codable, Sendable, Equatable {
    public var crossings: Int
    public var within: Duration

    public init(crossings: Int = 4, within: Duration = .seconds(2 * 3600)) {
        self.crossings = crossings
        self.within = within
    }

    /// "4 moves in 2h"-style span: "2h".
    public var withinText: String { SpanText.short(seconds: within.secondsValue) }

    private enum CodingKeys: String, CodingKey { case crossings, withinSeconds }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            crossings: try container.decode(Int.self, forKey: .crossings),
            within: .clampedSeconds(try container.decode(Double.self, forKey: .withinSeconds)))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(crossings, forKey: .crossings)
        try container.encode(within.secondsValue, forKey: .withinSeconds)
    }
}

/// Hysteresis stops a value hovering at one level; a value swinging across the whole band still
/// fires on every swing. This counts a subject's fires: at `crossings` within `within` it says
/// "flapping" once, keeps quiet about every later step, and says "calm" once nothing has fired
/// for `within`. A value kept in the subject's record, stepped by the engine.
public struct FlapDetector: Codable, Sendable, Equatable {
    /// The fires within the last `within`, oldest first.
    public private(set) var fires: [Date] = []
    /// When it was marked flapping; `nil` while it is not.
    public private(set) var flappingSince: Date?
    /// Steps kept quiet since then.
    public private(set) var suppressed = 0

    public init() {}

    public enum Verdict: Sendable, Equatable {
        /// Tell the user as usual.
        case show
        /// This fire makes it flapping: say so instead, once.
        case startFlapping(fires: Int)
        /// Flapping: recorded, not shown.
        case suppress
    }

    public var isFlapping: Bool { flappingSince != nil }

    /// One emission of the subject's alert at `now`.
    public mutating func observe(_ emission: AlertStateMachine.Emission, now: Date, policy: FlapPolicy) -> Verdict {
        let window = policy.within.secondsValue
        if emission == .fired {
            // A clock that jumped backwards keeps no fire "from the future".
            fires = fires.filter { $0 <= now && now.timeIntervalSince($0) < window } + [now]
        }
        if isFlapping {
            suppressed += 1
            return .suppress
        }
        guard emission == .fired, policy.crossings > 1, fires.count >= policy.crossings else { return .show }
        flappingSince = now
        suppressed = 0
        return .startFlapping(fires: fires.count)
    }

    /// Whether a flapping subject has now been calm (no fire) for `within`: then it is no longer
    /// flapping, and the caller says so once.
    public mutating func settle(now: Date, policy: FlapPolicy) -> Bool {
        guard let since = flappingSince else { return false }
        // A clock that jumped backwards restarts the wait from now rather than stretching it.
        fires = fires.map { min($0, now) }
        flappingSince = min(since, now)
        let last = max(fires.last ?? since, min(since, now))
        guard now.timeIntervalSince(last) >= policy.within.secondsValue else { return false }
        flappingSince = nil
        fires = []
        suppressed = 0
        return true
    }
}
