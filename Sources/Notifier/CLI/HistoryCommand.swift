import ArgumentParser
import Foundation
import NotifierEngine

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "The notifications delivered, newest first."
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "At most this many (default: 20 printed, 500 on the screen).")
    var limit: Int?

    @Option(help: ArgumentHelp("Just the notifications a group or summary stood for (its link is notifier://history/ID).", valueName: "id"))
    var group: String?

    @Flag(help: "Just what went to your channels the last time you were away (what its recap bubble opens).")
    var away = false

    @OptionGroup var output: OutputOptions<Output>
    enum Output: OutputHelp {
        static let json = "Print JSON Lines: time, rule, key, title, body, urgency, deep_link, sink, reason."
        static let plain = "Print the history even on a terminal, instead of opening it full-screen."
    }
    var json: Bool { output.json }
    var plain: Bool { output.plain }

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if away && group != nil { throw ValidationError("--away and --group each choose what to show: give one") }
        if let group, !HistoryGroupID.isValid(group) {
            throw ValidationError(
                "--group takes a group's id as its link names it (notifier://history/ID), such as t8k2zq-0a1b2c3d; got '\(TextSanitizer.singleLine(String(group.prefix(40))))'"
            )
        }
    }

    func run() throws {
        let context = try AppContext.load(global)
        var group = group
        if away {
            guard let recap = Store.openForReading(path: context.paths.storePath).flatMap({ try? $0.latestRecapGroup() }) else {
                print("Nothing went to your channels while you were away (or the history no longer keeps it).")
                return
            }
            group = recap
        }
        let interactive = ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment)
        let limit = limit ?? (interactive ? 500 : 20)
        guard let store = Store.openForReading(path: context.paths.storePath) else {
            if interactive, ScreenRunner.run(HistoryModel(deliveries: [], group: group), context: context) { return }
            if !json { print("Nothing delivered yet (no store at \(context.paths.storePath)).") }
            return
        }
        let deliveries: [Delivery]
        do {
            deliveries = try store.history(limit: limit, group: group)
        } catch {
            context.logger.error("\(error)")
            throw ExitCode(Exit.failure)
        }
        if interactive, ScreenRunner.run(HistoryModel(deliveries: deliveries, group: group), context: context) { return }
        let style = TerminalStyle.forStandardOutput(environment: context.environment)
        var text = ""
        for delivery in deliveries {
            if json {
                text += Self.jsonLine(delivery)
            } else {
                let time = RelativeTime.iso(delivery.deliveredAt)
                text += "\(style.dim(time))  \(delivery.rule)  \(TextSanitizer.singleLine(delivery.title))  \(style.dim("→ " + delivery.deepLink))\n"
                if !delivery.reason.isEmpty { text += "    \(style.dim("because " + TextSanitizer.singleLine(delivery.reason)))\n" }
            }
        }
        if deliveries.isEmpty && !json {
            text = group.map { "Nothing recorded for the group \($0) (the history keeps [history] days).\n" } ?? "Nothing delivered yet.\n"
        }
        FileHandle.standardOutput.write(Data(TerminalStyle.terminalText(text).utf8))
    }

    static func jsonLine(_ delivery: Delivery) -> String {
        let fields: [String: String] = [
            "time": delivery.deliveredAt.formatted(.iso8601), "rule": delivery.rule, "key": delivery.key,
            "title": delivery.title, "body": delivery.body, "urgency": delivery.urgency,
            "deep_link": delivery.deepLink, "sink": delivery.sink, "reason": delivery.reason,
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }
}
