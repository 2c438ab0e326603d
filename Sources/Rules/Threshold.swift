import Foundation

/// A level with hysteresis: crossing `fireLevel` makes the condition true, and it only counts
/// as over once the value comes back past `rearmLevel`, so a value hovering around the fire
/// level cannot flap.
public struct Threshold: Codable, Sendable, Equatable {
    public enum Direction: String, Codable, Sendable, CaseIterable {
        /// Fires when the value rises to the fire level; re-arms when it falls to the re-arm level.
        case above
        /// Fires when the value falls to the fire level; re-arms when it rises to the re-arm level.
        case below
    }

    /// Where one observed value stands relative to the two levels.
    public enum Signal: String, Codable, Sendable, CaseIterable {
        /// At or past the fire level.
        case beyondFire
        /// Between the levels: whatever state the alert is in, it holds.
        case between
        /// At or back past the re-arm level.
        case rearmed
    }

    public enum InvalidError: Error, Equatable, CustomStringConvertible {
        case levelNotFinite(name: String, value: Double)
        case rearmOnWrongSide(direction: Direction, fireLevel: Double, rearmLevel: Double)

        public var description: String {
            switch self {
            case .levelNotFinite(let name, let value):
                return "the \(name) level must be a finite number, not \(value)"
            case .rearmOnWrongSide(let direction, let fire, let rearm):
                let side = direction == .above ? "at or below" : "at or above"
                return "the re-arm level \(Self.plain(rearm)) must be \(side) the fire level \(Self.plain(fire))"
                    + " for an '\(direction.rawValue)' threshold"
            }
        }

        /// "105" rather than "105.0", as the user wrote it in the config.
        private static func plain(_ value: Double) -> String {
            value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        }
    }

    public let direction: Direction
    public let fireLevel: Double
    public let rearmLevel: Double

    /// A re-arm level equal to the fire level is allowed and means no hysteresis.
    public init(direction: Direction, fireLevel: Double, rearmLevel: Double) throws(InvalidError) {
        guard fireLevel.isFinite else { throw .levelNotFinite(name: "fire", value: fireLevel) }
        guard rearmLevel.isFinite else { throw .levelNotFinite(name: "re-arm", value: rearmLevel) }
        let rightSide = direction == .above ? rearmLevel <= fireLevel : rearmLevel >= fireLevel
        guard rightSide else {
            throw .rearmOnWrongSide(direction: direction, fireLevel: fireLevel, rearmLevel: rearmLevel)
        }
        self.direction = direction
        self.fireLevel = fireLevel
        self.rearmLevel = rearmLevel
    }

    /// `nil` when the value is NaN or infinite: a broken reading is unknown, not a crossing.
    public func signal(for value: Double) -> Signal? {
        guard value.isFinite else { return nil }
        // The fire level is checked first so that equal levels (no hysteresis) still fire.
        switch direction {
        case .above:
            if value >= fireLevel { return .beyondFire }
            return value <= rearmLevel ? .rearmed : .between
        case .below:
            if value <= fireLevel { return .beyondFire }
            return value >= rearmLevel ? .rearmed : .between
        }
    }

    private enum CodingKeys: String, CodingKey {
        case direction, fireLevel, rearmLevel
    }

    /// Decoding validates like the initializer, so a stored threshold cannot bypass the checks.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            direction: container.decode(Direction.self, forKey: .direction),
            fireLevel: container.decode(Double.self, forKey: .fireLevel),
            rearmLevel: container.decode(Double.self, forKey: .rearmLevel)
        )
    }
}
