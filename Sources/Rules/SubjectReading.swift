import Foundation

/// One subject's reading for one rule in one poll: what the rule saw, and how it would say it.
/// What a rule's readings of one kind say alike (their policy, level, how they are said) is one
/// shared `ReadingKind`: a poll of thousands of coins makes, copies and frees its readings
/// without copying those for each.
public struct SubjectReading: Sendable {
    public var key: SubjectKey
    /// `nil` when the value is unknown (the feed failed, or sent nothing usable).
    public var signal: Threshold.Signal?
    /// The value as a user reads it, for `notifier rules` and `--dry-run`: "+6.2 %".
    public var shownValue: String
    /// For a change measured since the last notification: the value the user hears about if
    /// this reading notifies (or first sees it). The rule computes `signal` against the stored
    /// anchor; a notification moves the anchor here and re-arms, since against the new anchor
    /// the change is nothing.
    public var anchor: Double?
    /// `deeper`'s value; `nil`: no deeper move to measure.
    var deeperValue: Double?
    /// How far the exact value may lie from `deeperValue`, an estimate when this is above zero:
    /// a rule that measures thousands of moves a poll estimates them, and the exact value is made
    /// only where the estimate cannot decide (`exactMeasure`) and where it is kept or shown.
    var deeperMargin: Double = 0
    /// Its place among its kind's shared alerts (`PollAlerts`).
    var place: Int
    var kind: ReadingKind

    public init(
        key: SubjectKey, signal: Threshold.Signal?, shownValue: String, policy: AlertPolicy, edgeTriggered: Bool = false,
        mustSeeRearmFirst: Bool = false, anchor: Double? = nil, level: String? = nil, deeper: DeeperMove? = nil,
        alert: @escaping @Sendable (AlertStateMachine.Emission) -> Alert?
    ) {
        self.init(
            key: key, signal: signal, shownValue: shownValue, anchor: anchor, deeperValue: deeper?.value, place: 0,
            kind: ReadingKind(
                ReadingKind.Traits(
                    policy: policy, edgeTriggered: edgeTriggered, mustSeeRearmFirst: mustSeeRearmFirst, level: level,
                    deeper: deeper.map { ($0.step, $0.direction, $0.text) }, maker: .own(alert))))
    }

    /// A reading of a kind shared with others; `deeperValue`: its deeper move's value, if any, or
    /// an estimate of it within `deeperMargin`, whose exact value the kind's alerts make.
    public init(
        key: SubjectKey, signal: Threshold.Signal?, shownValue: String, kind: ReadingKind, deeperValue: Double?, deeperMargin: Double = 0,
        place: Int
    ) {
        self.init(key: key, signal: signal, shownValue: shownValue, anchor: nil, deeperValue: deeperValue, place: place, kind: kind)
        self.deeperMargin = deeperMargin
    }

    private init(
        key: SubjectKey, signal: Threshold.Signal?, shownValue: String, anchor: Double?, deeperValue: Double?, place: Int, kind: ReadingKind
    ) {
        self.key = key
        self.signal = signal
        self.shownValue = shownValue
        self.anchor = anchor
        self.deeperValue = deeperValue
        self.place = place
        self.kind = kind
    }

    public var policy: AlertPolicy {
        get { kind.traits.policy }
        set { kind = kind.with { $0.policy = newValue } }
    }
    /// Fires only on a crossing seen happen: a subject first seen already beyond its level
    /// starts as firing, silently.
    public var edgeTriggered: Bool {
        get { kind.traits.edgeTriggered }
        set { kind = kind.with { $0.edgeTriggered = newValue } }
    }
    /// Stricter than edge-triggered: fires only after a value at or back past the re-arm level
    /// was seen, so a subject first seen between the levels cannot fire from there ("rain newly
    /// likely" means it was seen unlikely first).
    public var mustSeeRearmFirst: Bool {
        get { kind.traits.mustSeeRearmFirst }
        set { kind = kind.with { $0.mustSeeRearmFirst = newValue } }
    }
    /// The level it fires at as a user reads it ("−5 %", "$100,000"), for "flapping around −5 %".
    public var level: String? {
        get { kind.traits.level }
        set { kind = kind.with { $0.level = newValue } }
    }
    /// How much further a firing value must go to update its bubble on screen; `nil`: never.
    public var deeper: DeeperMove? {
        get {
            guard let value = deeperValue, let (step, direction, text) = kind.traits.deeper else { return nil }
            let exact = deeperMargin > 0 ? Self.exactDeeperValue(value, kind: kind, place: place) : value
            return DeeperMove(value: exact, step: step, direction: direction, text: text)
        }
        set {
            deeperValue = newValue?.value
            deeperMargin = 0
            kind = kind.with { $0.deeper = newValue.map { ($0.step, $0.direction, $0.text) } }
        }
    }
    /// Whether a firing value moved deeper than `shown` by the kind's step: `deeper?.isDeeper`,
    /// without making the move.
    func isDeeper(than shown: Double) -> Bool {
        Self.isDeeper(deeperValue, margin: deeperMargin, kind: kind, place: place, than: shown)
    }

    /// `isDeeper` of a reading's parts: a poll's quiet step asks it of every firing reading, where
    /// the reading lies in its array or as a rule hands it over (`PollStep`).
    static func isDeeper(_ deeperValue: Double?, margin: Double, kind: ReadingKind, place: Int, than shown: Double) -> Bool {
        // The kind's step and direction as they lie, not its trait copied with the text's closure.
        guard let value = deeperValue, let (step, direction) = kind.deeperStep else { return false }
        let deeper = DeeperMove.isDeeper(value, than: shown, step: step, direction: direction)
        // An estimate decides where every value within its margin says the same; the test is
        // monotonic in the value, so its two ends tell.
        guard margin > 0,
            DeeperMove.isDeeper(value - margin, than: shown, step: step, direction: direction)
                != DeeperMove.isDeeper(value + margin, than: shown, step: step, direction: direction)
        else { return deeper }
        return DeeperMove.isDeeper(exactDeeperValue(value, kind: kind, place: place), than: shown, step: step, direction: direction)
    }

    /// The exact value an estimate stands for, from the kind's alerts.
    private static func exactDeeperValue(_ estimate: Double, kind: ReadingKind, place: Int) -> Double {
        guard case .shared(let alerts) = kind.traits.maker else { return estimate }
        return alerts.exactMeasure(place) ?? estimate
    }

    /// The notification for an emission; `nil` to stay silent (a resolution nobody asked for).
    public var alert: @Sendable (AlertStateMachine.Emission) -> Alert? {
        get {
            switch kind.traits.maker {
            case .own(let alert): return alert
            case .shared(let alerts): return { [place] in alerts.alert(place, $0) }
            }
        }
        set { kind = kind.with { $0.maker = .own(newValue) } }
    }

    /// The notification for `emission`, as `alert` makes it.
    func makeAlert(_ emission: AlertStateMachine.Emission) -> Alert? {
        switch kind.traits.maker {
        case .own(let alert): return alert(emission)
        case .shared(let alerts): return alerts.alert(place, emission)
        }
    }
}

/// What a rule's readings of one kind share, made once for a poll: their policy, how they fire,
/// the level they fire at, how a deeper move is measured and said, and what makes their alerts.
public final class ReadingKind: Sendable {
    struct Traits: Sendable {
        var policy: AlertPolicy
        var edgeTriggered: Bool
        var mustSeeRearmFirst: Bool
        var level: String?
        var deeper: (step: Double, direction: Threshold.Direction, text: @Sendable (Double) -> String)?
        var maker: AlertMaker
    }

    /// A closure of the reading's own, or a poll's shared alerts, which the reading's place picks from.
    enum AlertMaker: Sendable {
        case own(@Sendable (AlertStateMachine.Emission) -> Alert?)
        case shared(any PollAlerts)
    }

    let traits: Traits
    /// `traits.deeper` without its text: what a poll's quiet step reads of every firing reading.
    let deeperStep: (step: Double, direction: Threshold.Direction)?

    init(_ traits: Traits) {
        self.traits = traits
        self.deeperStep = traits.deeper.map { ($0.step, $0.direction) }
    }

    /// Readings whose alerts `alerts` makes, each from what it holds at the reading's place (a
    /// poll's coin); `deeperStep`: how much further than last shown a firing value must go to
    /// update its bubble (`DeeperMove`), said by `deeperText`.
    public convenience init(
        policy: AlertPolicy, level: String?, deeperStep: Double, direction: Threshold.Direction,
        deeperText: @escaping @Sendable (Double) -> String, alerts: any PollAlerts
    ) {
        self.init(
            Traits(
                policy: policy, edgeTriggered: false, mustSeeRearmFirst: false, level: level, deeper: (deeperStep, direction, deeperText),
                maker: .shared(alerts)))
    }

    /// A kind of its own with one trait changed: a reading's setter.
    func with(_ change: (inout Traits) -> Void) -> ReadingKind {
        var traits = traits
        change(&traits)
        return ReadingKind(traits)
    }
}
