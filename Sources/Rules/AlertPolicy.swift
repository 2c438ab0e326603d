import Foundation

/// How an alert behaves over time once its condition holds.
///
/// Negative spans count as zero wherever they are used, and a `repeatInterval` of zero or less
/// means "never repeat": re-notifying on every poll is never what anyone wants.
public struct AlertPolicy: Codable, Sendable, Equatable {
    /// How long the condition must hold before the alert fires; zero fires at once.
    public var forDuration: Duration
    /// After the alert resolves, how long before it may fire again.
    public var cooldown: Duration
    /// Re-notify this often while still firing; `nil` for never.
    public var repeatInterval: Duration?
    /// Whether resolving (the value back past the re-arm level) is worth a notification.
    public var notifyWhenResolved: Bool
    /// When fires this frequent mean "flapping" (one notice, then quiet until calm); `nil`: off.
    public var flap: FlapPolicy?

    public init(
        forDuration: Duration = .zero, cooldown: Duration = .zero, repeatInterval: Duration? = nil,
        notifyWhenResolved: Bool = false, flap: FlapPolicy? = nil
    ) {
        self.flap = flap
        self.forDuration = forDuration
        self.cooldown = cooldown
        self.repeatInterval = repeatInterval
        self.notifyWhenResolved = notifyWhenResolved
    }

    /// The repeat interval in seconds when repeating is on.
    var effectiveRepeatSeconds: Double? {
        guard let seconds = repeatInterval?.secondsValue, seconds > 0 else { return nil }
        return seconds
    }

    // Stored as seconds: `Duration`'s own encoding is a pair of attosecond halves nobody can
    // read in the database.
    private enum CodingKeys: String, CodingKey {
        case forSeconds, cooldownSeconds, repeatSeconds, notifyWhenResolved, flap
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            forDuration: .clampedSeconds(try container.decode(Double.self, forKey: .forSeconds)),
            cooldown: .clampedSeconds(try container.decode(Double.self, forKey: .cooldownSeconds)),
            repeatInterval: try container.decodeIfPresent(Double.self, forKey: .repeatSeconds).map(Duration.clampedSeconds),
            notifyWhenResolved: try container.decode(Bool.self, forKey: .notifyWhenResolved),
            flap: try container.decodeIfPresent(FlapPolicy.self, forKey: .flap)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(forDuration.secondsValue, forKey: .forSeconds)
        try container.encode(cooldown.secondsValue, forKey: .cooldownSeconds)
        try container.encodeIfPresent(repeatInterval?.secondsValue, forKey: .repeatSeconds)
        try container.encode(notifyWhenResolved, forKey: .notifyWhenResolved)
        try container.encodeIfPresent(flap, forKey: .flap)
    }
}
