import ArgumentParser
import Foundation
import NotifierCore
import NotifierDelivery
import NotifierEngine
import NotifierSystem

/// `notifier ack`: what waits for an acknowledgement, and acknowledging it from a terminal or
/// a script.
package struct AckCommand: AsyncViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "ack",
        abstract: "Acknowledge notifications that must not be missed, or list those still open.",
        discussion: """
            A reminder, watch or rule with `acknowledge = true` or `escalate = [...]` opens an item \
            when it is delivered; it stays open until acknowledged (this command, the bubble's \
            Acknowledge button, a reminder's Done) or until its subject resolves, and its \
            `escalate` steps are told while it is open.

            notifier ack              the open items: name, title, since, next step
            notifier ack pills        acknowledge the open items of "pills" (a reminder's, watch's or rule's name)
            notifier ack 12           acknowledge open item 12: the id `notifier ack --plain` shows, or a \
                                      history row's (`notifier history --json`, or the line under it)

            Acknowledging closes the bubble on this desktop and clears the message on ntfy channels.
            Exit codes: 0 something was acknowledged (or listed), 1 nothing was open under that \
            name, 2 a name no reminder, watch or rule has.
            """
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: "A reminder's, watch's or rule's name, or an item's id; none: list the open items.")
    package var name: String?

    @OptionGroup package var output: OutputOptions<Output>
    package enum Output: OutputHelp {
        package static let json = "Print JSON Lines: id, name, rule, subject, title, since, next_step (ISO 8601 with offset); with a name, those acknowledged."
        package static let plain = "Print the open items even on a terminal, instead of showing them full-screen."
    }

    package func show(context: AppContext) async throws {
        let known = context.config.acknowledgeableNames
        if let name, Int64(name) == nil, !known.contains(name) {
            let near = NearName.closest(to: name, among: known).map { "; did you mean \($0)?" } ?? ""
            throw UserError.invalidArgument(
                "nothing called \(TextSanitizer.echoed(name).tomlQuoted) waits for an acknowledgement"
                    + (known.isEmpty
                        ? "; give a reminder, watch or rule acknowledge = true or escalate = [...]" : "; names: \(known.joined(separator: ", "))\(near)"))
        }
        let now = context.now()
        guard let name else { return try list(context: context, now: now) }
        let store: Store
        let open: [AcknowledgementItem]
        do {
            store = try context.openStore()
            // A number is an item's or a history row's id; a reminder may still be called "12".
            let byID = try Int64(name).map { try store.openAcknowledgements(named: $0) } ?? []
            open = byID + (try store.openAcknowledgements()).filter { $0.name == name && !byID.contains($0) }
        } catch {
            context.logger.error("\(error)")
            throw ExitCode(Exit.failure)
        }
        guard !open.isEmpty else {
            if !output.json { print("Nothing open under \(TextSanitizer.echoed(name)).") }
            throw ExitCode(Exit.failure)
        }
        let sink = await SinkFactory.make(
            .desktop, environment: context.environment, logger: context.logger, style: BubbleStyle(feeds: context.program.feeds), images: false)
        let acknowledger = Acknowledger.made(by: context.config, store: store, sink: sink, elsewhere: .network, logger: context.logger)
        let closed: [AcknowledgementItem]
        do {
            closed = try await acknowledger.acknowledge(open, by: Acknowledger.command, now: now)
        } catch {
            context.logger.error("\(error)")
            throw ExitCode(Exit.failure)
        }
        guard !closed.isEmpty else {
            if !output.json { print("Nothing open under \(TextSanitizer.echoed(name)): acknowledged meanwhile.") }
            throw ExitCode(Exit.failure)
        }
        for item in closed {
            if output.json {
                print(Self.jsonLine(item, now: now, config: context.config))
            } else {
                print("Acknowledged \(item.name): \(TextSanitizer.singleLine(item.title)) (open since \(Self.clock(item.firstDelivered, now: now)))")
            }
        }
    }

    private func list(context: AppContext, now: Date) throws {
        let items: [AcknowledgementItem]
        do {
            items = try Store.openForReading(path: context.paths.storePath)?.openAcknowledgements() ?? []
        } catch {
            context.logger.error("\(error)")
            throw ExitCode(Exit.failure)
        }
        if output.json {
            for item in items { print(Self.jsonLine(item, now: now, config: context.config)) }
            return
        }
        var text = items.isEmpty ? "Nothing waits for an acknowledgement.\n" : ""
        for item in items {
            let next = item.nextStep.map { "next step \(Self.clock($0, now: now))" } ?? "no steps left"
            text += "\(item.id)  \(item.name)  \(TextSanitizer.singleLine(item.title))  since \(Self.clock(item.firstDelivered, now: now))  \(next)\n"
        }
        if !items.isEmpty { text += "\nnotifier ack NAME acknowledges one.\n" }
        let interactive = ScreenRunner.isInteractive(plain: output.plain, json: false, environment: context.environment)
        if interactive, ScreenRunner.run(TextModel(title: "Waiting for an acknowledgement", text: TextSanitizer.printable(text)), context: context) {
            return
        }
        FileHandle.standardOutput.write(text: TerminalStyle.terminalText(TextSanitizer.printable(text)))
    }

    package static func clock(_ date: Date, now: Date) -> String {
        RelativeTime.describe(date, now: now, timeZone: .current)
    }

    /// ISO 8601 with the local offset ("2026-11-25T09:00:00+02:00").
    package static func iso(_ date: Date) -> String {
        RelativeTime.iso(date)
    }

    package static func jsonLine(_ item: AcknowledgementItem, now: Date, config: Config) -> String {
        var fields: [String: String] = [
            "id": String(item.id), "name": item.name, "rule": item.rule, "subject": item.subject, "title": item.title,
            "since": iso(item.firstDelivered), "state": item.state.rawValue,
        ]
        fields["next_step"] = item.nextStep.map(iso)
        fields["closed_at"] = item.closedAt.map(iso)
        fields["by"] = item.closedBy
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
