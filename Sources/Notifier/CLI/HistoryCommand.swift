import ArgumentParser
import Foundation

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "The notifications delivered, newest first."
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "At most this many.")
    var limit = 20

    @Flag(help: "Print JSON Lines: time, rule, key, title, body, urgency, deep_link, sink, reason.")
    var json = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let context = try AppContext.load(global)
        guard let store = Store.openForReading(path: context.paths.storePath) else {
            if !json { print("Nothing delivered yet (no store at \(context.paths.storePath)).") }
            return
        }
        let deliveries: [Delivery]
        do {
            deliveries = try store.history(limit: limit)
        } catch {
            context.logger.error("\(error)")
            throw ExitCode(Exit.failure)
        }
        let style = TerminalStyle.forStandardOutput(environment: context.environment)
        var text = ""
        for delivery in deliveries {
            if json {
                text += Self.jsonLine(delivery)
            } else {
                let time = delivery.deliveredAt.formatted(.iso8601)
                text += "\(style.dim(time))  \(delivery.rule)  \(TextSanitizer.singleLine(delivery.title))  \(style.dim("→ " + delivery.deepLink))\n"
                if !delivery.reason.isEmpty { text += "    \(style.dim("because " + TextSanitizer.singleLine(delivery.reason)))\n" }
            }
        }
        if deliveries.isEmpty && !json { text = "Nothing delivered yet.\n" }
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
