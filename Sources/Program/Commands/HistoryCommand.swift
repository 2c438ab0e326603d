import ArgumentParser
import Foundation
import NotifierCore
import NotifierDelivery
import NotifierEngine
import NotifierSystem

package struct HistoryCommand: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "The notifications delivered, newest first."
    )

    @OptionGroup package var global: GlobalOptions

    @Option(help: "At most this many (default: 20 printed, 500 on the screen).")
    package var limit: Int?

    @Option(help: ArgumentHelp("Just the notifications a group or summary stood for (its link is notifier://history/ID).", valueName: "id"))
    package var group: String?

    @Flag(help: "Just what went to your channels the last time you were away (what its recap bubble opens).")
    package var away = false

    @Option(
        help: ArgumentHelp(
            "Just the notifications holding these words (title, body, rule, subject or reason; each word also as the start of a longer one; any case, accents ignored).",
            valueName: "text"))
    package var grep: String?

    @Option(help: ArgumentHelp("Just the notifications of the last DURATION, such as 12h, 7d or 1d12h.", valueName: "duration"))
    package var since: String?

    @OptionGroup package var output: OutputOptions<Output>
    package enum Output: OutputHelp {
        package static let json = "Print JSON Lines: id, time, rule, key, title, body, urgency, deep_link, sink, reason."
        package static let plain = "Print the history even on a terminal, instead of opening it full-screen."
    }

    package func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if away && group != nil { throw ValidationError("--away and --group each choose what to show: give one") }
        if let group, !HistoryGroupID.isValid(group) {
            throw ValidationError(
                "--group takes a group's id as its link names it (notifier://history/ID), such as t8k2zq-0a1b2c3d; got '\(TextSanitizer.singleLine(String(group.prefix(40))))'"
            )
        }
        if let grep, HistorySearch.query(grep) == nil {
            throw ValidationError("--grep looks for words (letters or digits); '\(Self.quoted(grep))' holds none")
        }
        if let since, Self.duration(since) == nil {
            throw ValidationError("--since takes how far back to look, such as 12h, 7d or 1d12h; got '\(Self.quoted(since))'")
        }
    }

    /// What a person typed, fit to quote back on one line.
    package static func quoted(_ text: String) -> String {
        TextSanitizer.singleLine(String(text.prefix(40))) + (text.count > 40 ? "…" : "")
    }

    /// `--since`'s duration: the program's durations, more than nothing.
    package static func duration(_ text: String) -> Duration? {
        guard let duration = Duration.parse(text), duration > .zero else { return nil }
        return duration
    }

    /// The oldest moment `--since` lets through; a duration longer than the clock goes back
    /// starts at 1970, where every stored time is later.
    package static func cutoff(_ duration: Duration, now: Date) -> Date {
        max(Date(timeIntervalSince1970: 0), now.addingTimeInterval(-Double(duration.components.seconds)))
    }

    package func show(context: AppContext) throws {
        var group = group
        if away {
            guard let recap = Store.openForReading(path: context.paths.storePath).flatMap({ try? $0.latestRecapGroup() }) else {
                print("Nothing went to your channels while you were away (or the history no longer keeps it).")
                return
            }
            group = recap
        }
        let interactive = ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment)
        let since = since.flatMap(Self.duration).map { Self.cutoff($0, now: context.now()) }
        let filter = HistoryFilter(limit: limit ?? (interactive ? 500 : 20), group: group, since: since)
        guard let store = Store.openForReading(path: context.paths.storePath) else {
            if interactive, ScreenRunner.run(HistoryModel(deliveries: [], group: group, filter: grep ?? "", program: context.program), context: context) {
                return
            }
            if !json { print("Nothing delivered yet (no store at \(context.paths.storePath)).") }
            return
        }
        let deliveries: [Delivery]
        let found: [Delivery]?
        do {
            // The screen keeps the whole list for when its search is cleared.
            deliveries = grep == nil || interactive ? try store.history(filter) : []
            found = try grep.map { try store.history(filter.searching($0)) }
        } catch {
            context.logger.error("\(error)")
            throw ExitCode(Exit.failure)
        }
        if interactive {
            // Typing after `/` searches the same history, as `--grep` does.
            let model = HistoryModel(
                deliveries: deliveries, group: group, filter: grep ?? "", matches: found,
                search: { text in (try? store.history(filter.searching(text))) ?? [] }, program: context.program)
            if ScreenRunner.run(model, context: context) { return }
        }
        let waiting = json ? [] : (try? store.openAcknowledgements()) ?? []
        write(found ?? deliveries, group: group, waiting: waiting, context: context)
    }

    /// `waiting`: the open items; the newest row of each says how to acknowledge it.
    private func write(_ deliveries: [Delivery], group: String?, waiting: [AcknowledgementItem] = [], context: AppContext) {
        let style = TerminalStyle.forStandardOutput(environment: context.environment)
        var text = ""
        var told = Set<Int64>()
        for delivery in deliveries {
            if json {
                text += Self.jsonLine(delivery)
            } else {
                let time = RelativeTime.iso(delivery.deliveredAt)
                text += "\(style.dim(time))  \(delivery.rule)  \(TextSanitizer.singleLine(delivery.title))  \(style.dim("→ " + delivery.deepLink))\n"
                if !delivery.reason.isEmpty { text += "    \(style.dim("because " + TextSanitizer.singleLine(delivery.reason)))\n" }
                let item = waiting.first { $0.rule == delivery.rule && ($0.alert.key == delivery.key || $0.subject == delivery.subject) }
                if let item, let id = delivery.id, told.insert(item.id).inserted {
                    text += "    \(style.dim("waits for an acknowledgement: notifier ack \(id)"))\n"
                }
            }
        }
        if deliveries.isEmpty && !json {
            if let grep {
                let when = since.map { " in the last \(TextSanitizer.singleLine($0))" } ?? ""
                text = "Nothing\(when) matches '\(Self.quoted(grep))'.\n"
            } else if let since {
                text = "Nothing delivered in the last \(TextSanitizer.singleLine(since)).\n"
            } else {
                text = group.map { "Nothing recorded for the group \($0) (the history keeps [history] days).\n" } ?? "Nothing delivered yet.\n"
            }
        }
        FileHandle.standardOutput.write(text: TerminalStyle.terminalText(text))
    }

    package static func jsonLine(_ delivery: Delivery) -> String {
        var fields: [String: String] = [
            "time": RelativeTime.iso(delivery.deliveredAt), "rule": delivery.rule, "key": delivery.key,
            "title": delivery.title, "body": delivery.body, "urgency": delivery.urgency,
            "deep_link": delivery.deepLink, "sink": delivery.sink, "reason": delivery.reason,
        ]
        fields["id"] = delivery.id.map(String.init)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }
}
