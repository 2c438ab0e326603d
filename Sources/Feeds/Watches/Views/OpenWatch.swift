import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

package struct OpenWatch: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "One of your [[watches]]: its value, state, history, last fetch, decisions and the JSON around the value.",
        discussion: "Works offline: it reads the store.\nExample: notifier open watch swift-stars"
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: ArgumentHelp("The watch's name, as in its [[watches]] block.", valueName: "NAME"))
    package var name: String

    @OptionGroup package var output: OutputOptions<Output>
    package enum Output: OutputHelp {
        package static let plain = "Print the watch even on a terminal."
    }

    package func show(context: AppContext) throws {
        try Self.show(name, json: json, plain: plain, context: context)
    }

    package static func show(_ name: String, json: Bool, plain: Bool = false, context: AppContext) throws {
        let shown = TextSanitizer.singleLine(String(name.prefix(64)))
        guard DeepLink.watch(name) != nil else { throw UserError.invalidArgument("not a watch's name: '\(shown)'") }
        guard let watch = context.config.watches.first(where: { $0.name == name }) else {
            let names = context.config.watches.map(\.name)
            throw UserError.invalidArgument(
                "no watch named '\(shown)'; " + (names.isEmpty ? "add a [[watches]] block to the config" : "watches: \(names.joined(separator: ", "))"))
        }
        let storePath = context.paths.storePath
        let load: @Sendable () -> WatchReport = { WatchReport(watch, store: Store.openForReading(path: storePath)) }
        let report = load()
        if ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment),
            ScreenRunner.run(WatchViewModel(report: report, reload: load), context: context)
        {
            return
        }
        if json {
            try PrettyJSON.print(report)
            return
        }
        let style = TerminalStyle.forStandardOutput(environment: context.environment)
        var text = style.bold(report.name) + (report.enabled ? "" : "  (off)") + "\n\n"
        let sparkline = report.history.isEmpty ? "no numbers yet" : Sparkline.render(report.history.map { Decimal($0) }) + " (\(report.history.count) polls)"
        for (label, value) in [
            ("Value", report.value ?? "none yet"), ("State", report.state + (report.detail.isEmpty ? "" : " — \(report.detail)")),
            ("History", sparkline), ("Last fetch", (report.lastFetchShown ?? "never") + (report.lastStatus.isEmpty ? "" : ", \(report.lastStatus)")),
            ("Source", report.source), ("Select", report.select), ("Every", report.interval),
        ] {
            text += style.bold(label.padding(toLength: 12, withPad: " ", startingAt: 0)) + value + "\n"
        }
        if !report.decisionNotes.isEmpty {
            text += "\n" + style.bold("Decisions") + "\n" + report.decisionsShown.map { "  " + $0 }.joined(separator: "\n") + "\n"
        }
        if let around = report.context {
            text += "\n" + style.bold("Around the value") + "\n" + around + "\n"
        }
        FileHandle.standardOutput.write(text: TerminalStyle.terminalText(TextSanitizer.printable(text)))
    }
}
