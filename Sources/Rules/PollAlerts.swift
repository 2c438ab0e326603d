/// What makes the alerts of a poll's readings, shared by them: each reading names its place.
public protocol PollAlerts: AnyObject, Sendable {
    func alert(_ place: Int, _ emission: AlertStateMachine.Emission) -> Alert?
    /// The exact deeper value of the reading at `place`, for a reading that holds an estimate of
    /// it (`SubjectReading.deeperMargin`); `nil`: the estimate is all there is.
    func exactMeasure(_ place: Int) -> Double?
}

extension PollAlerts {
    public func exactMeasure(_ place: Int) -> Double? { nil }
}
