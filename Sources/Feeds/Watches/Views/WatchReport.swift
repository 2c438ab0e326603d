import Foundation
import NotifierCore
import NotifierEngine

/// What the store knows of one watch, as its view and the list show it.
package struct WatchReport: Encodable, Sendable {
    package var name: String
    package var enabled: Bool
    package var source: String
    package var select: String
    package var interval: String
    /// The last value known, as the user reads it; `nil` before the first.
    package var value: String?
    /// "value", "no value" or "failed", of the last poll.
    package var state: String
    package var lastFetch: String?
    package var lastStatus: String
    package var detail: String
    package var history: [Double]
    package var decisions: [String]
    /// The JSON around the selected value, from the last response (bounded).
    package var context: String?
    /// The last fetch and the decisions in local time, for what a person reads; `--json` keeps
    /// `last_fetch` and `decisions` as they were (UTC).
    package var lastFetchAt: Date?
    package var decisionNotes: [(at: Date, text: String)]
    /// The zone those are read in.
    package var timeZone = TimeZone.current

    private enum CodingKeys: String, CodingKey {
        case name, enabled, source, select, interval, value, state, lastFetch, lastStatus, detail, history, decisions, context
    }

    /// The last fetch as a person reads it: local, with its offset.
    package var lastFetchShown: String? { lastFetchAt.map { RelativeTime.iso($0, timeZone: timeZone) } }

    /// The decisions as a person reads them, each at its local time.
    package var decisionsShown: [String] { decisionNotes.map { "\(RelativeTime.iso($0.at, timeZone: timeZone)) \($0.text)" } }

    package init(_ watch: WatchSettings, store: Store?, decisionsLimit: Int = 8) {
        name = watch.name
        enabled = watch.enabled
        source = watch.sourceText
        select = watch.select
        interval = watch.interval.configText
        let polls = (try? store?.watchPolls(watch.name, limit: 200)) ?? []
        let last = polls.last
        value = polls.last(where: { $0.status == .value })?.value.flatMap { WatchValue(json: $0) }.map { WatchRule.clipped($0.shown) }
        state = last?.status.rawValue ?? "not fetched yet"
        let stored = try? store?.watchState(watch.name)
        lastFetch = stored?.lastFetch.map { RelativeTime.iso($0) }
        lastFetchAt = stored?.lastFetch
        lastStatus = stored?.lastStatus ?? ""
        detail = last?.detail ?? ""
        history = polls.compactMap(\.number)
        let notes = (try? store?.decisions(rule: WatchRule.id, subject: watch.name, limit: decisionsLimit)) ?? []
        decisions = notes.map { "\(RelativeTime.iso($0.at)) \($0.key.subject): \($0.detail)" }
        decisionNotes = notes.map { ($0.at, "\($0.key.subject): \($0.detail)") }
        context = stored?.lastPayload.flatMap { WatchContext.around(payload: $0, select: watch.select) }
    }
}

/// The JSON around a selected value: its parent, pretty-printed and cut short, so the user sees
/// which field the selector landed on and its neighbours.
package enum WatchContext {
    package static func around(payload: String, select: String, maxLines: Int = 16) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8), options: [.fragmentsAllowed]) else {
            return String(payload.prefix(400))
        }
        var node: Any = object
        // The parent of the last plain step of a path selector (".a.b[0].c", "/a/b/0/c").
        let steps = pathSteps(select)
        for step in steps.dropLast() {
            if let dictionary = node as? [String: Any], let next = dictionary[step] {
                node = next
            } else if let array = node as? [Any], let index = Int(step), array.indices.contains(index) {
                node = array[index]
            } else {
                break
            }
        }
        guard JSONSerialization.isValidJSONObject(node),
            let data = try? JSONSerialization.data(withJSONObject: node, options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let shown = lines.prefix(maxLines).map { $0.count > 100 ? $0.prefix(99) + "…" : $0 }.joined(separator: "\n")
        return lines.count > maxLines ? shown + "\n…" : shown
    }

    package static func pathSteps(_ select: String) -> [String] {
        if select.hasPrefix("/") {
            return select.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
                .map { $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") }
        }
        guard select.hasPrefix("."), !select.contains("|") else { return [] }
        var steps: [String] = []
        for part in select.replacingOccurrences(of: "[", with: ".").replacingOccurrences(of: "]", with: "").split(separator: ".") {
            steps.append(String(part).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        return steps
    }
}
