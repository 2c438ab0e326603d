import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier status` (and `notifier open`, and a launch from the desktop's menu): the home screen.
package struct StatusCommand: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "status",
        abstract:
            "The home screen: whether the daemon runs; the next reminders, alarms and holidays; failing feeds and watches; each watch's value; the last notifications; the rules with their mutes and snoozes.",
        discussion:
            "On a terminal a screen: Enter opens the selected item, R every rule. Piped, a printout; --json the same as data."
    )

    @OptionGroup package var global: GlobalOptions

    @OptionGroup package var output: OutputOptions<Output>
    package enum Output: OutputHelp {
        package static let json = "Print JSON (its shape is in docs/views.md)."
        package static let plain = "Print the status even on a terminal, instead of opening it full-screen."
    }

    package func show(context: AppContext) throws {
        try Self.show(json: json, plain: plain, context: context)
    }

    package static func show(json: Bool, plain: Bool, context: AppContext) throws {
        let now = context.now()
        let report = StatusReport.load(context: context, now: now)
        if ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment) {
            let model = StatusModel(report: report, reload: { StatusReport.load(context: context, now: context.now()) })
            if ScreenRunner.run(model, context: context) { return }
        }
        if json { return try StatusJSON.print(StatusJSON.status(report, now: now)) }
        print(plainText(report, now: now, width: 100))
    }

    /// The screen's lines without selection, for a pipe.
    package static func plainText(_ report: StatusReport, now: Date, width: Int, timeZone: TimeZone = .current) -> String {
        let model = StatusModel(report: report, timeZone: timeZone, reload: { report })
        let frame = model.frame(width: width, height: 1000, now: now)
        let lines = frame.body.map { line in
            var text = line.text
            if text.hasPrefix("› ") { text = "  " + text.dropFirst(2) }
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        return TextSanitizer.printable((["notifier — status", ""] + lines).joined(separator: "\n"))
    }
}
