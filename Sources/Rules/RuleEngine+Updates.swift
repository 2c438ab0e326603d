import Foundation

/// How a rule measures "materially deeper" for a firing subject: its value as
/// a number, the step it must move further from its level than the value last shown, and how a
/// person reads a value. The crypto rules use half their fire level (±5 % → 2.5 points).
public struct DeeperMove: Sendable {
    public var value: Double
    /// Points beyond the value last shown; zero, negative or not finite: never.
    public var step: Double
    /// `above`: deeper is higher; `below`: deeper is lower.
    public var direction: Threshold.Direction
    public var text: @Sendable (Double) -> String

    public init(value: Double, step: Double, direction: Threshold.Direction, text: @escaping @Sendable (Double) -> String) {
        self.value = value
        self.step = step
        self.direction = direction
        self.text = text
    }

    /// Whether `value` is at least a step further from the level than `shown`.
    public func isDeeper(than shown: Double) -> Bool {
        Self.isDeeper(value, than: shown, step: step, direction: direction)
    }

    static func isDeeper(_ value: Double, than shown: Double, step: Double, direction: Threshold.Direction) -> Bool {
        guard step > 0, step.isFinite, value.isFinite, shown.isFinite else { return false }
        let further = direction == .above ? value - shown : shown - value
        return further >= step
    }
}

/// Updates in place: a subject that still fires and moved a step deeper than the user last saw
/// gets an `.updated` alert, which the dispatcher shows only over its live bubble (never a new
/// one; dropped in quiet hours; not grouped; not counted by the rate limit).
extension RuleEngine {
    /// The update for `reading`, if its move is deep enough; notes it as "updated".
    func deeperUpdate(_ reading: SubjectReading, record: inout SubjectRecord, now: Date, notes: inout [DecisionNote]) -> Alert? {
        // The cheap tests first: most readings of a poll are not beyond their level.
        guard updatesBubbles, reading.signal == .beyondFire, let shown = record.shownMeasure, let shownAt = record.shownAt,
            let deeper = reading.deeper,
            case .firing = record.machine.state, record.flap?.isFlapping != true,
            !isSilenced(reading.key, now: now), deeper.isDeeper(than: shown),
            var alert = Self.stamped(reading.makeAlert(.updated), reading, .updated)
        else { return nil }
        let detail = NoteText.updated(shownAt: NoteText.clock(shownAt, now: now, timeZone: timeZone), was: deeper.text(shown))
        alert.reason = detail + "; " + (alert.reason ?? alert.title)
        record.shownMeasure = deeper.value
        record.shownAt = now
        notes.append(DecisionNote(key: reading.key, at: now, outcome: .updated, value: reading.shownValue, detail: detail))
        return alert
    }

    /// A fired or repeated alert puts this value on screen: later moves are measured from it.
    func remember(shown alert: Alert, reading: SubjectReading, record: inout SubjectRecord, now: Date) {
        guard alert.emission == .fired || alert.emission == .repeated, let deeper = reading.deeper else { return }
        record.shownMeasure = deeper.value
        record.shownAt = now
    }

    /// Nothing fires, so nothing is on screen to update.
    func forgetShownUnlessFiring(_ record: inout SubjectRecord) {
        if case .firing = record.machine.state { return }
        record.shownMeasure = nil
        record.shownAt = nil
    }
}

extension NoteText {
    /// "updated the bubble shown at 14:02 (was −5 %)"
    static func updated(shownAt: String, was: String) -> String {
        "updated the bubble shown at \(shownAt) (was \(was))"
    }

    /// Why the dispatcher did not show an update after all.
    static func updateDropped(quiet: Bool) -> String {
        quiet
            ? "not updated: quiet hours drop updates rather than hold them"
            : "not updated: its bubble is no longer on screen, and an update never opens a new one"
    }
}
