import Foundation

/// What the outbox did with the engine's alerts, for `notifier why`: delivered, delivered in a
/// group or summary, or held (quiet hours, the rate limit), each noted when it happens.
extension Outbox.DeliveryPlan {
    /// The notes of this plan made from `before`, the outbox it was planned on.
    public func notes(from before: Outbox, now: Date) -> [DecisionNote] {
        var notes: [DecisionNote] = []
        func note(_ alert: Alert, _ outcome: DecisionNote.Outcome, _ detail: String) {
            guard let subject = alert.subject else { return } // no engine decided it
            notes.append(DecisionNote(key: SubjectKey(rule: alert.rule, subject: subject), at: now, outcome: outcome, detail: detail))
        }
        for alert in alerts {
            guard let members = alert.members, !members.isEmpty else {
                note(alert, .delivered, "delivered: \(alert.title)")
                continue
            }
            let count = alert.individualAlerts.count
            let outcome: DecisionNote.Outcome = alert.rule == Outbox.summaryRule ? .delivered : .grouped
            let how = alert.rule == Outbox.summaryRule ? "in a summary of \(count) held" : "in a group of \(count)"
            for member in alert.individualAlerts { note(member, outcome, "delivered \(how): \(alert.title)") }
        }
        for alert in expired {
            note(alert, .expiredWhileHeld, "not shown: held until it was no longer true (it said \"\(alert.title)\"); the rule says it anew")
        }
        let heldBefore = Set(
            before.entries.filter { $0.heldFor != nil }.flatMap { entry in
                entry.alert.individualAlerts.map { "\($0.rule) \($0.identity) \(entry.submitted.timeIntervalSinceReferenceDate)" }
            })
        for entry in after.entries {
            guard let reason = entry.heldFor else { continue }
            for alert in entry.alert.individualAlerts
            where !heldBefore.contains("\(alert.rule) \(alert.identity) \(entry.submitted.timeIntervalSinceReferenceDate)") {
                note(alert, reason.noteOutcome, after.holdDetail(reason))
            }
        }
        return notes
    }
}

extension Outbox.HoldReason {
    var noteOutcome: DecisionNote.Outcome {
        switch self {
        case .quietHours: .heldForQuietHours
        case .rateLimit: .rateLimited
        case .doNotDisturb: .heldForDoNotDisturb
        }
    }
}

extension Outbox {
    /// Why an entry is held, in the words of `notifier why`.
    public func holdDetail(_ reason: HoldReason) -> String {
        switch reason {
        case .quietHours: "held for quiet hours; delivered in a summary when they end"
        case .doNotDisturb: "held for the desktop's do-not-disturb; delivered in a summary when it ends"
        case .rateLimit: "held by the rate limit (\(rateLimit.effectiveLimit) a minute); delivered later in a summary"
        }
    }

    /// What is held now, each with why.
    public var held: [(alert: Alert, detail: String)] {
        entries.compactMap { entry in entry.heldFor.map { (entry.alert, holdDetail($0)) } }
    }
}
