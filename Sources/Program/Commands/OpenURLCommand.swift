import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine

/// `notifier open-url notifier://country/KZ`: what the desktop runs for a notifier:// link.
/// The link is parsed strictly into a view and a checked subject, then that view runs in this
/// process; nothing from the link reaches a shell.
package struct OpenURLCommand: AsyncParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "open-url",
        abstract:
            "Open a notifier:// link: notifier://country/KZ, crypto/BTC, holiday/2026-12-24, week/2026-12-21, forecast/Tallinn, list/crypto, history, history/ID, feed/crypto.",
        discussion: "Anything else exits 2 and runs nothing. Without a link (the desktop's menu starts it so), the home screen: notifier status."
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: ArgumentHelp("The link; without one (the desktop menu's entry), the home screen.", valueName: "url"))
    package var url: String?

    package func run() async throws {
        guard let url else { return try StatusCommand.show(json: false, plain: false, context: AppContext.load(global)) }
        // A subject its view refuses gets the view's own message, as `open` gives it.
        let program = Program.current
        if let problem = program.views.subjectProblem(url) { throw UserError.invalidArgument(problem) }
        try await program.views.openURL(url, configPath: global.config, program: program)
    }
}
