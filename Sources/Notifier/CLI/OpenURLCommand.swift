import ArgumentParser
import Foundation
import Rules

/// `notifier open-url notifier://country/KZ`: what the desktop runs for a notifier:// link.
/// The link is parsed strictly into a view and a checked subject, then that view runs in this
/// process; nothing from the link reaches a shell.
struct OpenURLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open-url",
        abstract: "Open a notifier:// link: notifier://country/KZ, crypto/BTC, holiday/2026-12-24, week/2026-12-21, forecast/Tallinn, list/crypto, history.",
        discussion: "Anything else exits 2 and runs nothing."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The link.", valueName: "url"))
    var url: String

    func run() async throws {
        try await ViewRegistry.program.openURL(url, configPath: global.config)
    }
}
