import Foundation

/// One step of an escalation: `after` the episode's first delivery, still unacknowledged, its
/// bubble is shown again and the alert goes to `channels` too.
public struct EscalationStep: Codable, Sendable, Equatable {
    /// Seconds after the first delivery.
    public var after: TimeInterval
    /// `[[channels]]` names; none: the bubble alone is shown again.
    public var channels: [String]

    public init(after: TimeInterval, channels: [String] = []) {
        self.after = after
        self.channels = channels
    }

    /// "10m", "30m phone", "2h phone,mail". `duration` reads the span as the config does.
    public static func parse(_ text: String, duration: (String) -> TimeInterval?) -> Result<EscalationStep, ParseProblem> {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first, words.count <= 2 else { return .failure(.shape(text)) }
        guard let seconds = duration(String(first)), seconds > 0 else { return .failure(.duration(String(first))) }
        let channels = words.count == 2 ? words[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init) : []
        if let empty = channels.first(where: \.isEmpty) { return .failure(.channel(empty)) }
        return .success(EscalationStep(after: seconds, channels: channels))
    }

    public enum ParseProblem: Error, Equatable, CustomStringConvertible {
        case shape(String)
        case duration(String)
        case channel(String)

        public var description: String {
            switch self {
            case .shape(let text): "has \"\(text)\", which is not a step such as \"10m\", \"30m phone\" or \"2h phone,mail\""
            case .duration(let text): "has \"\(text)\", which is not a span such as \"10m\" or \"2h\" (more than none)"
            case .channel: "has an empty channel name in a step; write \"2h phone,mail\""
            }
        }
    }

    /// The step as written: "30m phone".
    public var text: String {
        let span = SpanText.short(seconds: after).replacingOccurrences(of: " ", with: "")
        return channels.isEmpty ? span : "\(span) \(channels.joined(separator: ","))"
    }
}

/// What a rule, reminder or watch asks of its alerts: an Acknowledge button, and what happens
/// while nobody has acknowledged.
public struct AcknowledgePolicy: Sendable, Equatable {
    public var acknowledge: Bool
    public var escalate: [EscalationStep]

    public init(acknowledge: Bool = false, escalate: [EscalationStep] = []) {
        self.acknowledge = acknowledge
        self.escalate = escalate
    }

    /// An episode of its alerts waits for an acknowledgement once delivered.
    public var wantsAcknowledgement: Bool { acknowledge || !escalate.isEmpty }

    public var ladder: EscalationLadder { EscalationLadder(steps: escalate) }
}

/// Decides an unacknowledged episode's escalation: which steps are due at a moment, and when the
/// next one is. Deadlines are wall-clock instants from the first delivery, so a pass after a
/// sleep finds them as the daemon would; steps done are counted, never repeated. Several steps
/// due at once (a pass after a long gap) are told as one: the bubble again and every channel
/// the steps name.
public struct EscalationLadder: Sendable, Equatable {
    /// In the order they fall due.
    public let steps: [EscalationStep]

    public init(steps: [EscalationStep]) {
        self.steps = steps.enumerated().sorted { ($0.element.after, $0.offset) < ($1.element.after, $1.offset) }.map(\.element)
    }

    public struct Due: Sendable, Equatable {
        /// How many steps are done once this is told.
        public var stepsDone: Int
        /// The channels of the due steps, each once, in order.
        public var channels: [String]
    }

    /// What is due at `now` with `stepsDone` already told; `nil` for nothing.
    public func due(firstDelivered: Date, stepsDone: Int, now: Date) -> Due? {
        let done = max(0, stepsDone)
        guard done < steps.count else { return nil }
        let reached = steps.indices.filter { $0 >= done && firstDelivered.addingTimeInterval(steps[$0].after) <= now }
        guard let last = reached.last else { return nil }
        var channels: [String] = []
        for index in reached { for name in steps[index].channels where !channels.contains(name) { channels.append(name) } }
        return Due(stepsDone: last + 1, channels: channels)
    }

    /// When the next step falls due; `nil` when every step is told.
    public func nextDeadline(firstDelivered: Date, stepsDone: Int) -> Date? {
        let done = max(0, stepsDone)
        guard done < steps.count else { return nil }
        return firstDelivered.addingTimeInterval(steps[done].after)
    }
}
