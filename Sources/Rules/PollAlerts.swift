/// What makes the alerts of a poll's readings, shared by them: each reading names its place.
public protocol PollAlerts: AnyObject, Sendable {
    func alert(_ place: Int, _ emission: AlertStateMachine.Emission) -> Alert?
}

extension SubjectReading {
    /// A reading whose alert `alerts` makes, from what it holds at `place` (a poll's coin): no
    /// closure, and no allocation, for each of a poll's thousands of readings.
    public init(
        key: SubjectKey, signal: Threshold.Signal?, shownValue: String, policy: AlertPolicy, level: String? = nil,
        deeper: DeeperMove? = nil, alerts: any PollAlerts, place: Int
    ) {
        self.key = key
        self.deeper = deeper
        self.level = level
        self.edgeTriggered = false
        self.mustSeeRearmFirst = false
        self.signal = signal
        self.shownValue = shownValue
        self.policy = policy
        self.maker = .shared(alerts, place: place)
    }

    /// The notification for `emission`, as `alert` makes it.
    func makeAlert(_ emission: AlertStateMachine.Emission) -> Alert? {
        switch maker {
        case .own(let alert): return alert(emission)
        case .shared(let alerts, let place): return alerts.alert(place, emission)
        }
    }

    /// A closure of the reading's own, or its place among a poll's shared alerts.
    enum AlertMaker: Sendable {
        case own(@Sendable (AlertStateMachine.Emission) -> Alert?)
        case shared(any PollAlerts, place: Int)
    }
}
