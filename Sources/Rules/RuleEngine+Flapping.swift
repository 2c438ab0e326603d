import Foundation

/// Flapping: a subject firing `crossings` times within `within` is said to
/// flap once, kept quiet after, and said to be calm once nothing fired for `within`.
extension RuleEngine {
    /// The alert to show for `emission`, minding flapping; notes what it kept quiet.
    func flapAware(
        _ emission: AlertStateMachine.Emission, reading: SubjectReading, record: inout SubjectRecord, now: Date,
        notes: inout [DecisionNote]
    ) -> Alert? {
        guard let policy = reading.policy.flap else { return Self.stamped(reading.makeAlert(emission), reading, emission) }
        var detector = record.flap ?? FlapDetector()
        defer { record.flap = detector }
        switch detector.observe(emission, now: now, policy: policy) {
        case .show:
            return Self.stamped(reading.makeAlert(emission), reading, emission)
        case .startFlapping(let fires):
            let around = reading.level.map { " around \($0)" } ?? ""
            let detail = "\(fires) moves in \(policy.withinText)"
            notes.append(
                DecisionNote(
                    key: reading.key, at: now, outcome: .flapping, value: reading.shownValue,
                    detail: "flapping\(around): \(detail); quiet until it settles"))
            guard var alert = Self.stamped(reading.makeAlert(.fired), reading, nil) else { return nil }
            alert.title = "\(Self.label(alert)) flapping\(around): \(detail) — quiet until it settles"
            alert.groupFragment = "\(Self.label(alert)) flapping"
            alert.reason = "\(reading.key.subject) fired \(detail) (flap = { crossings = \(policy.crossings), within = \"\(policy.withinText)\" })"
            return alert
        case .suppress:
            notes.append(
                DecisionNote(
                    key: reading.key, at: now, outcome: .flapping, value: reading.shownValue,
                    detail: "not notified (\(emission.rawValue)): flapping, quiet until calm for \(policy.withinText)"))
            return nil
        }
    }

    /// The "calm" notice when a flapping subject has had no fire for `within`.
    func settleFlapping(_ reading: SubjectReading, record: inout SubjectRecord, now: Date, notes: inout [DecisionNote]) -> Alert? {
        guard let policy = reading.policy.flap, var detector = record.flap, detector.isFlapping else { return nil }
        let quiet = detector.suppressed
        guard detector.settle(now: now, policy: policy) else { return nil }
        record.flap = detector
        let around = reading.level.map { " around \($0)" } ?? ""
        let detail = "no moves for \(policy.withinText), now \(reading.shownValue)"
        notes.append(
            DecisionNote(
                key: reading.key, at: now, outcome: .calm, value: reading.shownValue,
                detail: "calm again\(around): \(detail); \(quiet) not notified while flapping"))
        guard var alert = Self.stamped(reading.makeAlert(.fired), reading, nil) else { return nil }
        alert.title = "\(Self.label(alert)) calm again\(around): \(detail)"
        alert.groupFragment = "\(Self.label(alert)) calm"
        alert.icon = nil
        alert.reason = "\(reading.key.subject) settled after flapping; \(quiet) steps were not notified"
        return alert
    }

    /// What a notice names the subject by: "BTC" rather than "BTC:above:100000".
    static func label(_ alert: Alert) -> String {
        String(alert.key.prefix { $0 != ":" })
    }

    /// The engine's stamp on an alert: which subject, its value, and which step (`nil`: a notice).
    static func stamped(_ alert: Alert?, _ reading: SubjectReading, _ emission: AlertStateMachine.Emission?) -> Alert? {
        guard var alert else { return nil }
        alert.subject = reading.key.subject
        alert.value = reading.shownValue
        alert.emission = emission
        return alert
    }
}
