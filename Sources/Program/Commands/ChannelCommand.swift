import ArgumentParser
import Foundation
import NotifierCore
import NotifierDelivery
import NotifierEngine
import NotifierSystem

package struct ChannelCommand: AsyncCommandGroup {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "channel",
        abstract: "Your [[channels]]: where notifications go besides this desktop.",
        subcommands: [ChannelTestCommand.self, ChannelListCommand.self],
        defaultSubcommand: ChannelListCommand.self
    )

    package static let asyncSubcommands = [AsyncCommandRunner(ChannelTestCommand.self)]
}

package struct ChannelListCommand: ContextCommand {
    package init() {}

    package static let configuration = CommandConfiguration(commandName: "list", abstract: "List the channels and whether each works.")

    @OptionGroup package var global: GlobalOptions

    package func run(context: AppContext) throws {
        let channels = context.config.channels
        guard !channels.isEmpty else {
            print("No channels. Add one to \(context.configFile ?? "your config") as [[channels]] (see `notifier config default`).")
            return
        }
        let failing = (try? Store.openForReading(path: context.paths.storePath)?.failingChannels()) ?? [:]
        let away = context.config.delivery.whenAway
        for channel in channels {
            let used = away.firstIndex(of: channel.name).map { $0 == 0 ? ", used while away" : ", fallback \($0) while away" } ?? ""
            let health =
                failing[channel.name].map { "failing since \(RelativeTime.describe($0.since, now: context.now(), timeZone: .current)): \($0.error)" } ?? "ok"
            print("\(channel.name)  \(channel.kind.rawValue) \(channel.target)\(used)  \(VisibleText.escaped(health))")
        }
    }
}

package struct ChannelTestCommand: AsyncContextCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Send one test message to a channel and say what its server answered.",
        discussion: "Example: notifier channel test phone. Exit status 1 when the channel fails."
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: "The channel's name, as in [[channels]] name = \"…\".")
    package var name: String

    package func run(context: AppContext) async throws {
        guard let channel = context.config.channels.first(where: { $0.name == name }) else {
            let known = context.config.channels.map(\.name)
            let near = NearName.closest(to: name, among: known).map { "; did you mean \($0)?" } ?? ""
            throw UserError.invalidArgument(
                "no channel is called \(TextSanitizer.echoed(name).tomlQuoted)"
                    + (known.isEmpty ? "; add a [[channels]] entry to the config" : "; channels: \(known.joined(separator: ", "))\(near)"))
        }
        let now = context.now()
        let message = ChannelMessage(
            title: "notifier: a test of channel \(channel.name)",
            body: "Sent by `notifier channel test \(channel.name)` at \(RelativeTime.describe(now, now: now, timeZone: .current)).",
            link: "notifier status", tags: ["notifier"], sequenceID: "notifier-test-\(channel.name)")
        print("Sending a test message to \(channel.name) (\(channel.kind.rawValue) \(channel.target))…")
        switch await ChannelSender.shared.send(message, via: channel) {
        case .success(let answer):
            print("ok: \(VisibleText.escaped(answer))")
        case .failure(let failure):
            print("failed: \(VisibleText.escaped(failure.description))")
            throw ExitCode(Exit.failure)
        }
    }
}
