import Foundation
import NotifierEngine

/// What a watch tells about its selected value: any of these, each its own subject.
public struct WatchConditions: Sendable, Equatable {
    /// A level, fired on the crossing up (or down), re-armed back past `rearm` (hysteresis).
    public var above: Double?
    public var below: Double?
    /// Where an `above` or `below` level re-arms; `nil`: `rearmPercent` of the level back.
    public var rearm: Double?
    /// Without `rearm`, how far back from a level it re-arms, in percent of the level's size:
    /// a value hovering at the level (49, 51, 49 at `above = 50`) is told once, not at every
    /// second poll. 0 re-arms at the level itself, as does any level of 0.
    public var rearmPercent = Self.defaultRearmPercent
    public static let defaultRearmPercent = 5.0
    /// Any change of the selected value (number or text) from the value last told.
    public var change = false
    /// A move of at least this many percent within `window`, from the stored values.
    public var changePercent: Double?
    public var window: Duration?
    /// A regular expression the text must match (ICU syntax, as NSRegularExpression).
    public var matches: String?
    /// Each new member of a multi-valued selector.
    public var appears = false

    public init() {}

    /// Where a level re-arms: `rearm`, else `rearmPercent` of the level back from it.
    public func rearmLevel(for level: Double, direction: Threshold.Direction) -> Double {
        if let rearm { return rearm }
        let band = abs(level) * max(0, rearmPercent) / 100
        return direction == .above ? level - band : level + band
    }

    public var isEmpty: Bool {
        above == nil && below == nil && !change && changePercent == nil && matches == nil && !appears
    }

    /// Whether one of them needs the selected value to be a number.
    public var needsNumber: Bool { above != nil || below != nil || changePercent != nil }

    /// The subjects these conditions decide, `NAME:above` and so on (`appears` adds one per member).
    public func subjects(of name: String) -> [String] {
        var subjects: [String] = []
        if above != nil { subjects.append("\(name):above") }
        if below != nil { subjects.append("\(name):below") }
        if change { subjects.append("\(name):change") }
        if changePercent != nil { subjects.append("\(name):change_percent") }
        if matches != nil { subjects.append("\(name):matches") }
        return subjects
    }
}

/// A selector that keeps finding nothing is a state of its own: told once after `after` polls
/// in a row without a value, and once when it finds one again, never as a value of 0.
public struct SelectorHealth: Codable, Sendable, Equatable {
    public enum Event: String, Sendable, Equatable {
        case matchesNothing, matchesAgain
    }

    public private(set) var consecutiveMisses = 0
    public private(set) var reported = false

    public init(consecutiveMisses: Int = 0, reported: Bool = false) {
        self.consecutiveMisses = consecutiveMisses
        self.reported = reported
    }

    public static let after = 3

    public mutating func record(matched: Bool) -> Event? {
        if matched {
            consecutiveMisses = 0
            defer { reported = false }
            return reported ? .matchesAgain : nil
        }
        if consecutiveMisses < Int.max { consecutiveMisses += 1 }
        guard !reported, consecutiveMisses >= Self.after else { return nil }
        reported = true
        return .matchesNothing
    }
}
