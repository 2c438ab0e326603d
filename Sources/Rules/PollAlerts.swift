/// What makes the alerts of a poll's readings, shared by them: each reading names its place.
public protocol PollAlerts: AnyObject, Sendable {
    func alert(_ place: Int, _ emission: AlertStateMachine.Emission) -> Alert?
}
