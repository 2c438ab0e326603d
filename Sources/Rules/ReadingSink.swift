/// Where a rule hands its readings of a shared kind, one at a time: an array of them
/// (`readings`: the rules' examples, the tests), or a poll's step of the engine (`PollStep`), which
/// steps each at once where its record lies. One loop of the rule serves both.
public protocol ReadingSink {
    /// A reading as `SubjectReading(key:signal:shownValue:kind:deeperValue:deeperMargin:place:)`
    /// makes it.
    mutating func take(
        key: SubjectKey, signal: Threshold.Signal?, shownValue: String, kind: ReadingKind, deeperValue: Double?, deeperMargin: Double,
        place: Int)
}

extension Array: ReadingSink where Element == SubjectReading {
    public mutating func take(
        key: SubjectKey, signal: Threshold.Signal?, shownValue: String, kind: ReadingKind, deeperValue: Double?, deeperMargin: Double,
        place: Int
    ) {
        append(
            SubjectReading(key: key, signal: signal, shownValue: shownValue, kind: kind, deeperValue: deeperValue, deeperMargin: deeperMargin, place: place))
    }
}
