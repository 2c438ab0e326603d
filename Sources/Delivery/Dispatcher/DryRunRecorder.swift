import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// What a dry run collects while the pass runs against a scratch store: the alerts the
/// dispatcher would show (past quiet hours, the rate limit and grouping, as its sink), the mutes
/// the engine applied, what the engine and delivery kept back, and the rounds' notes.
package actor DryRunRecorder: AlertSink, DryRunNotes, ChannelPosting, SyncPublishing {
    package private(set) var report = DryRunReport()
    package nonisolated let name = "dry run"

    package init() {}

    package func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError) {
        report.would(alert)
    }

    package func note(_ line: String) {
        report.note(line)
    }

    /// A dry run sends nothing: it says where it would have gone.
    package func send(_ alert: Alert, to channel: ChannelSettings) async -> Result<String, ChannelSender.Failure> {
        report.note("would send \(alert.rule) \(alert.key) to channel \(channel.name) (\(channel.kind.rawValue)): \(TextSanitizer.singleLine(alert.title))")
        return .success("not sent: a dry run")
    }

    package func clear(sequenceID: String, on channel: ChannelSettings) async -> Result<String, ChannelSender.Failure>? {
        report.note("would clear \(sequenceID) on channel \(channel.name)")
        return .success("not cleared: a dry run")
    }

    /// Nothing is published: without the server's answer, the pass decides as if no other
    /// machine had claimed what this store has not seen claimed.
    package func publish(_ message: SyncMessage, on sync: SyncSettings) async -> Result<String?, ChannelSender.Failure> {
        report.note("would publish \(message.kind == .claim ? "a claim on" : "the acknowledgement of") \(message.id) on the sync topic")
        return .success(nil)
    }

    /// Each decision as the dispatcher is handed it: the silenced subjects, then what would
    /// not go out and why.
    package func decided(_ notes: [DecisionNote]) {
        for note in notes where note.outcome == .muted || note.outcome == .snoozed {
            report.note("muted: \(note.key)")
        }
        suppressions(notes)
    }

    /// What would not go out, in the words of `notifier why`.
    package func suppressions(_ notes: [DecisionNote]) {
        for decided in notes where decided.outcome.isSuppression {
            report.note("\(decided.key.rule) \(decided.shownSubject)\(decided.value.map { " " + $0 } ?? ""): \(decided.detail)")
        }
    }

    /// An alert quiet hours or the rate limit hold at the end of the pass.
    package func held(_ alert: Alert, because detail: String) {
        report.held(alert, because: detail)
    }

    /// What delivery dropped: of `notes`, the outcomes only the dispatcher decides (the engine's
    /// own came through `suppressions` as they were decided; what it holds, through `held`).
    package func dropped(_ notes: [DecisionNote]) {
        suppressions(notes.filter { Self.droppedOutcomes.contains($0.outcome) })
    }

    private static let droppedOutcomes: Set<DecisionNote.Outcome> = [.expiredWhileHeld, .updateDropped]
}

/// The lines `--dry-run` prints.
package struct DryRunReport: Sendable {
    package private(set) var lines: [String] = []
    package private(set) var wouldDeliverAny = false

    package mutating func note(_ line: String) {
        lines.append(line)
    }

    package mutating func would(_ alert: Alert) {
        wouldDeliverAny = true
        // An update rewrites a bubble on screen, if one still is: its reason starts with the words of `why`.
        let verb = alert.emission == .updated ? "would update" : "would deliver"
        lines.append("\(verb) \(alert.rule) \(alert.key): \(TextSanitizer.singleLine(alert.title))")
        // A group or summary says why for each alert in it, as each member's history row does.
        let reasons = alert.members?.isEmpty == false ? alert.individualAlerts.compactMap(\.reason) : []
        for reason in reasons.isEmpty ? [alert.reason ?? "its rule fired"] : reasons {
            lines.append("  because \(TextSanitizer.singleLine(reason))")
        }
        lines.append("  → \(alert.deepLink.command)")
    }

    package mutating func held(_ alert: Alert, because detail: String) {
        lines.append("held \(alert.rule) \(alert.key): \(TextSanitizer.singleLine(alert.title))")
        lines.append("  because \(detail)")
    }

    package var text: String {
        (wouldDeliverAny ? lines : lines + ["nothing would be delivered"]).joined(separator: "\n") + "\n"
    }
}
