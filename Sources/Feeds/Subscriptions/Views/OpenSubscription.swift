import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier open subscription NAME [ID]`: a subscription's latest messages, or one message
/// with its click URL and action buttons (`--open-link` opens its URL in the browser).
package struct OpenSubscription: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "subscription",
        abstract: "One of your [[subscriptions]]: its latest messages, or one message with its link and actions.",
        discussion:
            "Works offline: it reads the store.\nExamples: notifier open subscription home-server\n          notifier open subscription home-server hwQ2YpKdmg --open-link"
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: ArgumentHelp("The subscription's name (or NAME.ID, as a bubble's link has it).", valueName: "NAME"))
    package var name: String

    @Argument(help: ArgumentHelp("A message's id.", valueName: "ID"))
    package var id: String?

    @Flag(name: .customLong("open-link"), help: "Open the message's click URL in the browser (xdg-open).")
    package var openLink = false

    @OptionGroup package var output: OutputOptions<Output>
    package enum Output: OutputHelp {
        package static let plain = "Print the messages even on a terminal."
    }

    package func show(context: AppContext) throws {
        try Self.show([name] + (id.map { [$0] } ?? []), json: json, plain: plain, openLink: openLink, context: context)
    }

    /// `NAME`, `NAME ID` or `NAME.ID`.
    package static func parse(_ subjects: [String]) -> (name: String, id: String?)? {
        let parts = subjects.count == 1 ? subjects[0].split(separator: ".", omittingEmptySubsequences: false).map(String.init) : subjects
        guard (1...2).contains(parts.count), DeepLink.subscription(parts[0], message: parts.count == 2 ? parts[1] : nil) != nil else { return nil }
        return (parts[0], parts.count == 2 ? parts[1] : nil)
    }

    package static func show(_ subjects: [String], json: Bool, plain: Bool = false, openLink: Bool = false, context: AppContext) throws {
        let shown = TextSanitizer.singleLine(String(subjects.joined(separator: " ").prefix(80)))
        guard let (name, id) = parse(subjects) else { throw UserError.invalidArgument("not a subscription's name or message: '\(shown)'") }
        guard context.config.subscriptions.contains(where: { $0.name == name }) else {
            let names = context.config.subscriptions.map(\.name)
            throw UserError.invalidArgument(
                "no subscription named '\(name)'; "
                    + (names.isEmpty ? "add a [[subscriptions]] block to the config" : "subscriptions: \(names.joined(separator: ", "))"))
        }
        let store = Store.openForReading(path: context.paths.storePath)
        let messages = (try? store?.subscriptionMessages(name, id: id)) ?? []
        if let id, messages.isEmpty { throw UserError.invalidArgument("no message \(id) of \(name) is kept (older than [history] days, or never read)") }
        if json {
            try PrettyJSON.print(messages)
            return
        }
        if openLink {
            guard let url = messages.first.flatMap({ $0.click ?? $0.actions.compactMap(\.openableURL).first }) else {
                throw UserError.invalidArgument("message \(id ?? "") of \(name) has no link to open")
            }
            guard let opener = ProgramSearch.find("xdg-open", environment: context.environment) else {
                throw UserError.invalidArgument("xdg-open is not installed: \(url)")
            }
            _ = try? ChildSpawn.start([opener, url], environment: context.environment)
            print("opened \(url)")
            return
        }
        let link = messages.first.flatMap { $0.click ?? $0.actions.compactMap(\.openableURL).first }
        if ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment) {
            let plainText =
                id == nil ? list(name, messages, style: TerminalStyle(enabled: false)) : detail(name, messages[0], style: TerminalStyle(enabled: false))
            let lines = plainText.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).map(String.init)
            let model = SubscriptionViewModel(
                title: SubscriptionViewModel.title(name: name, message: id == nil ? nil : messages.first), lines: lines, link: id == nil ? nil : link)
            if ScreenRunner.run(model, context: context) { return }
        }
        let style = TerminalStyle.forStandardOutput(environment: context.environment)
        let text = id == nil ? list(name, messages, style: style) : detail(name, messages[0], style: style)
        FileHandle.standardOutput.write(text: TerminalStyle.terminalText(TextSanitizer.printable(text)))
    }

    package static func list(_ name: String, _ messages: [NtfyMessage], style: TerminalStyle) -> String {
        var text = style.bold(name) + "\n\n"
        if messages.isEmpty { return text + "no messages yet\n" }
        for message in messages {
            text += "\(time(message.time))  \(message.id)  \(TextSanitizer.singleLine(message.title ?? message.message))\n"
        }
        return text + "\nOne message: notifier open subscription \(name) ID\n"
    }

    package static func detail(_ name: String, _ message: NtfyMessage, style: TerminalStyle) -> String {
        var text = style.bold(message.title ?? message.topic) + "\n\n" + message.message + "\n\n"
        var rows = [("Subscription", name), ("Message", message.id), ("Time", time(message.time)), ("Priority", "\(message.priority)")]
        if !message.tags.isEmpty { rows.append(("Tags", message.tags.joined(separator: ", "))) }
        if let click = message.click { rows.append(("Link", click)) }
        for action in message.actions { rows.append(("Action", "\(action.label) (\(action.action))" + (action.url.map { " \($0)" } ?? ""))) }
        for (label, value) in rows { text += style.bold(label.padding(toLength: 14, withPad: " ", startingAt: 0)) + TextSanitizer.singleLine(value) + "\n" }
        if message.click != nil || message.actions.contains(where: { $0.openableURL != nil }) {
            text += "\nOpen the link: notifier open subscription \(name) \(message.id) --open-link\n"
        }
        return text
    }

    package static func time(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .current).year().month().day().time(includingFractionalSeconds: false))
    }
}

extension FeedView {
    /// `notifier open subscription NAME [ID]`.
    package static let subscription = FeedView(.subscription, command: OpenSubscription.self) { subjects, json, context in
        guard (1...2).contains(subjects.count) else { return false }
        try OpenSubscription.show(subjects, json: json, context: context())
        return true
    }
}
