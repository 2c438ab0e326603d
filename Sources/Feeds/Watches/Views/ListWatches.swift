import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

package struct ListWatches: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "watches",
        abstract: "Your [[watches]]: each one's last value, state and last fetch."
    )

    @OptionGroup package var global: GlobalOptions

    @OptionGroup package var output: OutputOptions<Output>
    package enum Output: OutputHelp {
        package static let plain = "Print the list even on a terminal."
    }

    package func show(context: AppContext) throws {
        let store = Store.openForReading(path: context.paths.storePath)
        let reports = context.config.watches.map { WatchReport($0, store: store, decisionsLimit: 0) }
        let (watches, storePath) = (context.config.watches, context.paths.storePath)
        let load: @Sendable (String) -> WatchReport? = { name in
            watches.first { $0.name == name }.map { WatchReport($0, store: Store.openForReading(path: storePath)) }
        }
        if ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment),
            ScreenRunner.run(WatchListModel(reports: reports, load: load), context: context)
        {
            return
        }
        if json {
            try PrettyJSON.print(reports)
            return
        }
        guard !reports.isEmpty else {
            print("No watches: add a [[watches]] block to the config (notifier config default shows one).")
            return
        }
        let style = TerminalStyle.forStandardOutput(environment: context.environment)
        var text = style.bold("name                 value                state       last fetch") + "\n"
        for report in reports {
            let name = report.name + (report.enabled ? "" : " (off)")
            text +=
                name.padding(toLength: 20, withPad: " ", startingAt: 0) + " "
                + String((report.value ?? "—").prefix(20)).padding(toLength: 20, withPad: " ", startingAt: 0) + " "
                + report.state.padding(toLength: 11, withPad: " ", startingAt: 0) + " " + (report.lastFetchShown ?? "never") + "\n"
        }
        FileHandle.standardOutput.write(text: TerminalStyle.terminalText(TextSanitizer.printable(text)))
    }
}
