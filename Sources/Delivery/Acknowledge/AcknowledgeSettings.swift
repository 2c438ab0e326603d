import Foundation
import NotifierCore
import NotifierEngine

// `acknowledge` and `escalate`: keys every `[rules.NAME]` table and every entry of a repeated
// table (`[[reminders]]`, `[[watches]]`) has, kept apart from their own settings, as `channels`
// of a rule is.
extension AcknowledgePolicy {
    /// The keys, as a section's keys are; applied to the policy of one rule or entry.
    package static let keys: [SectionKey<AcknowledgePolicy>] = [
        SectionKey(
            name: "acknowledge", secret: false,
            apply: { policy, value in
                guard let bool = value.boolValue else { return "must be true or false, got \(value.shownForError)" }
                policy.acknowledge = bool
                return nil
            }, render: { $0.acknowledge ? "true" : "" }),
        SectionKey(
            name: "escalate", secret: false,
            apply: { policy, value in
                guard let texts = value.stringList else {
                    return "must be a list of steps such as [\"10m\", \"30m phone\", \"2h phone,mail\"], got \(value.shownForError)"
                }
                var steps: [EscalationStep] = []
                for text in texts {
                    switch EscalationStep.parse(text, duration: { Duration.parse($0).map { Double($0.components.seconds) } }) {
                    case .success(let step):
                        if let bad = step.channels.first(where: { EntryName.problem($0) != nil }) {
                            return "has \(bad.tomlQuoted), which is not a channel's name (a-z, 0-9, _ and -)"
                        }
                        steps.append(step)
                    case .failure(let problem): return problem.description
                    }
                }
                policy.escalate = steps
                return nil
            },
            render: { policy in
                policy.escalate.isEmpty ? "" : "[" + policy.escalate.map { $0.configText.tomlQuoted }.joined(separator: ", ") + "]"
            }),
    ]

    /// The keys as every rule's table and every entry has them.
    package static let ruleKeys = RuleKeys(AcknowledgePolicy(), keys: keys, onEntries: true)
}

extension EscalationStep {
    /// As `escalate` reads it back: "30m phone".
    package var configText: String {
        let span = Duration.seconds(Int64(after)).configText
        return channels.isEmpty ? span : "\(span) \(channels.joined(separator: ","))"
    }
}

extension Config {
    /// `acknowledge` and `escalate` of `[rules.NAME]` tables, by rule, those set.
    package var ruleAcknowledgement: [String: AcknowledgePolicy] { self[RuleKeyValues<AcknowledgePolicy>.self].byRule }
    /// `acknowledge` and `escalate` of repeated tables' entries, by array, then entry name, those set.
    package var entryAcknowledgement: [String: [String: AcknowledgePolicy]] { self[RuleKeyValues<AcknowledgePolicy>.self].byEntry }

    /// What an alert's rule or entry asks: the entry's (`[[reminders]]` by its name) over the
    /// rule's (`[rules.NAME]`); `nil` when neither asks for an acknowledgement.
    package func acknowledgement(for alert: Alert) -> (name: String, policy: AcknowledgePolicy)? {
        guard alert.members == nil else { return nil }
        for list in entryLists where list.rule == alert.rule {
            for name in [alert.identity, alert.key] {
                if let policy = entryAcknowledgement[list.array]?[name], policy.wantsAcknowledgement { return (name, policy) }
            }
        }
        guard let policy = ruleAcknowledgement[alert.rule], policy.wantsAcknowledgement else { return nil }
        return (alert.rule, policy)
    }

    /// Every acknowledgeable name: the entries' and the rules' that ask for it.
    package var acknowledgeableNames: [String] {
        let entries = entryAcknowledgement.values.flatMap { $0.filter(\.value.wantsAcknowledgement).keys }
        let rules = ruleAcknowledgement.filter(\.value.wantsAcknowledgement).keys
        return Array(Set(entries).union(rules)).sorted()
    }

    /// The first step that names a channel no `[[channels]]` entry is called, as a problem with
    /// its key: `rules.NAME.escalate` or `reminders.0.escalate`.
    package func escalationChannelProblem() -> (key: String, message: String)? {
        let known = channels.map(\.name)
        func unknown(_ policy: AcknowledgePolicy) -> String? {
            policy.escalate.lazy.flatMap(\.channels).first { !known.contains($0) }
        }
        let hint = known.isEmpty ? "" : "; channels: \(known.joined(separator: ", "))"
        for (rule, policy) in ruleAcknowledgement.sorted(by: { $0.key < $1.key }) {
            if let name = unknown(policy) {
                return ("rules.\(rule).escalate", "names \(name.tomlQuoted), which no [[channels]] entry is called\(hint)")
            }
        }
        for list in entryLists {
            for (index, entry) in list.channels(self).enumerated() {
                guard let policy = entryAcknowledgement[list.array]?[entry.entry], let name = unknown(policy) else { continue }
                return ("\(list.array).\(index).escalate", "(\(entry.entry)) names \(name.tomlQuoted), which no [[channels]] entry is called\(hint)")
            }
        }
        return nil
    }
}
