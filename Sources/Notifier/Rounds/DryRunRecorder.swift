import Foundation
import Rules

/// What a dry run collects while the pass runs against a scratch store: the alerts the
/// dispatcher is handed (before quiet hours, the rate limit and grouping), the mutes the engine
/// applied, and the rounds' notes. Also the dispatcher's sink, though a recording dispatcher
/// stops before any sink.
actor DryRunRecorder: AlertSink {
    private(set) var report = DryRunReport()
    nonisolated let name = "dry run"

    func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError) {
        report.would(alert)
    }

    func note(_ line: String) {
        report.note(line)
    }

    func would(_ alerts: [Alert]) {
        for alert in alerts { report.would(alert) }
    }

    func muted(_ keys: [SubjectKey]) {
        for key in keys { report.note("muted: \(key)") }
    }

    /// What would not go out, in the words of `notifier why`.
    func suppressions(_ notes: [DecisionNote]) {
        for decided in notes where decided.outcome.isSuppression {
            report.note("\(decided.key.rule) \(decided.shownSubject)\(decided.value.map { " " + $0 } ?? ""): \(decided.detail)")
        }
    }
}

/// The lines `--dry-run` prints.
struct DryRunReport: Sendable {
    private(set) var lines: [String] = []
    private(set) var wouldDeliverAny = false

    mutating func note(_ line: String) {
        lines.append(line)
    }

    mutating func would(_ alert: Alert) {
        wouldDeliverAny = true
        // An update rewrites a bubble on screen, if one still is: its reason starts with the words of `why`.
        let verb = alert.emission == .updated ? "would update" : "would deliver"
        lines.append("\(verb) \(alert.rule) \(alert.key): \(TextSanitizer.singleLine(alert.title))")
        lines.append("  because \(TextSanitizer.singleLine(alert.reason ?? "its rule fired"))")
        lines.append("  → \(alert.deepLink.command)")
    }

    var text: String {
        (wouldDeliverAny ? lines : lines + ["nothing would be delivered"]).joined(separator: "\n") + "\n"
    }
}
