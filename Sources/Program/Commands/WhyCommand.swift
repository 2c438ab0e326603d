import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

package struct WhyCommand: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Why a subject was, or was not, notified: its recent decisions in plain words.",
        discussion: """
            Example: notifier why crypto_change BTC. A watch's or reminder's name alone is enough: \
            notifier why lvl. Alone, `notifier why` lists the last suppressions.
            """
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: "The rule, as `notifier rules` names it, or a watch's or reminder's name.")
    package var rule: String?

    @Argument(help: "The subject as you would type it: BTC finds BTC:up and BTC:down.")
    package var subject: String?

    @Option(help: "At most this many.")
    package var limit = 20

    @OptionGroup package var output: OutputOptions<Output>
    package enum Output: OutputHelp {
        package static let json = "Print JSON Lines: time, rule, subject, outcome, value, detail, text."
        package static let plain = "Print the decisions even on a terminal, instead of showing them full-screen."
    }

    package func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }

    package func show(context: AppContext) throws {
        let (rule, subject) = Self.resolved(rule: rule, subject: subject, config: context.config, rules: context.program.rules)
        if let rule { try RuleName.check(rule, rules: context.program.rules) }
        let interactive = ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment)
        let title = "Why " + ([rule, subject].compactMap { $0 }.joined(separator: " ").nilIfEmpty ?? "— the last suppressions")
        guard let store = Store.openForReading(path: context.paths.storePath) else {
            let text = "Nothing decided yet (no store at \(context.paths.storePath))."
            if interactive, ScreenRunner.run(TextModel(title: title, text: text), context: context) { return }
            if !json { print(text) }
            return
        }
        let notes: [DecisionNote]
        do {
            notes = try store.decisions(rule: rule, subject: subject, suppressionsOnly: rule == nil, limit: limit)
        } catch {
            context.logger.error("\(error)")
            throw ExitCode(Exit.failure)
        }
        let now = context.now()
        if json {
            FileHandle.standardOutput.write(text: notes.map { Self.jsonLine($0, now: now) }.joined())
            return
        }
        // On the screen the same lines, styled by the screen, not by escape codes.
        let style = interactive ? TerminalStyle(enabled: false) : TerminalStyle.forStandardOutput(environment: context.environment)
        var text = ""
        var shown: SubjectKey?
        for note in notes {
            if note.key != shown {
                text += style.bold("\(note.key.rule) \(note.shownSubject)") + "\n"
                shown = note.key
            }
            text += "  " + NoteText.line(note, now: now, timeZone: .current) + "\n"
        }
        if notes.isEmpty {
            let what = [rule, subject].compactMap { $0 }.joined(separator: " ")
            text = rule == nil ? "No suppressions recorded.\n" : "No decisions recorded for \(what).\n"
        }
        if interactive,
            ScreenRunner.run(TextModel(title: TextSanitizer.singleLine(title), text: TextSanitizer.printable(text)), context: context)
        {
            return
        }
        FileHandle.standardOutput.write(text: TerminalStyle.terminalText(TextSanitizer.printable(text)))
    }

    /// A watch's or reminder's name alone (`why lvl`) as its rule and subject (`why watch lvl`):
    /// an entry's name is what the person wrote in the config.
    package static func resolved(rule: String?, subject: String?, config: Config, rules: [any Rule.Type]) -> (rule: String?, subject: String?) {
        guard let name = rule, subject == nil, !rules.contains(where: { $0.id == name }) else { return (rule, subject) }
        for list in config.entryLists {
            guard let entryRule = list.rule, list.channels(config).contains(where: { $0.entry == name }) else { continue }
            return (entryRule, name)
        }
        return (rule, subject)
    }

    package static func jsonLine(_ note: DecisionNote, now: Date) -> String {
        var fields: [String: String] = [
            "time": RelativeTime.iso(note.at), "rule": note.key.rule, "subject": note.key.subject,
            "outcome": note.outcome.rawValue, "detail": note.detail, "text": NoteText.line(note, now: now, timeZone: .current),
        ]
        fields["value"] = note.value
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
