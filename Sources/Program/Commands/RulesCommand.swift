import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

package struct RulesCommand: ContextCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Each rule and subject with its state, last value and last notification."
    )

    @OptionGroup package var global: GlobalOptions

    @Flag(help: "Print the rules even on a terminal, instead of showing them full-screen.")
    package var plain = false

    package func run(context: AppContext) throws {
        let now = context.now()
        let interactive = ScreenRunner.isInteractive(plain: plain, json: false, environment: context.environment)
        let text = Self.text(
            context: context, now: now, style: interactive ? TerminalStyle(enabled: false) : .forStandardOutput(environment: context.environment))
        if interactive, ScreenRunner.run(TextModel(title: "Rules — state, last value, last notification", text: text), context: context) {
            return
        }
        FileHandle.standardOutput.write(text: TerminalStyle.terminalText(text))
    }

    /// What `notifier rules` prints, sanitised; the screen shows the same lines.
    package static func text(context: AppContext, now: Date, style: TerminalStyle, feeds: [any FeedKind]? = nil) -> String {
        let feeds = feeds ?? context.program.feeds
        let store = Store.openForReading(path: context.paths.storePath)
        let engine = store.flatMap { try? $0.loadEngine() } ?? RuleEngine()
        // The last decision per subject, in the words of `notifier why`.
        let latest = store.flatMap { try? $0.latestDecisions() } ?? [:]
        var text = ""
        for feed in feeds where !feed.rules.isEmpty {
            // Subjects of a feed whose last poll failed may be unknown: their state is frozen, not current.
            let failing = store.flatMap { try? $0.feedHealth(feed: feed.name) }.flatMap { state in
                state.health.consecutiveFailures > 0
                    ? (feed as? any FailingFeedLine)?.failingFeedLine(lastError: state.lastError ?? "the last poll failed") : nil
            }
            for rule in feed.rules {
                text += ruleText(rule, of: feed, engine: engine, latest: latest, failing: failing, now: now, style: style)
            }
        }
        text += feedHealthText(store: store, config: context.config, feeds: feeds, engine: engine, latest: latest, now: now, style: style)
        return TextSanitizer.printable(text)
    }

    private static func ruleText(
        _ rule: any Rule.Type, of owner: any FeedKind, engine: RuleEngine, latest: [SubjectKey: DecisionNote], failing: String?,
        now: Date, style: TerminalStyle
    ) -> String {
        var text = heading(rule, engine: engine, now: now, style: style)
        let subjects = engine.records.filter { $0.key.rule == rule.id }.sorted { $0.key < $1.key }
        if subjects.isEmpty { text += "  no subjects yet\n" }
        if let failing, !subjects.isEmpty { text += "  \(failing)\n" }
        for (key, record) in subjects {
            let value = record.lastValue.map { "  last \($0)" } ?? ""
            let notified = record.lastNotified.map { "  notified \(RelativeTime.iso($0))" } ?? ""
            let snoozed = engine.snoozes[key].flatMap { now < $0 ? "  [snoozed until \(RelativeTime.iso($0))]" : nil } ?? ""
            let flapping =
                record.flap.flatMap { flap in
                    flap.flappingSince.map { "  [flapping since \(RelativeTime.iso($0)), \(flap.suppressed) not notified]" }
                } ?? ""
            if let line = (owner as? any RulesLines)?.rulesLine(key, lastValue: record.lastValue) {
                text += "  \(line)\n"
                continue
            }
            let state = record.machine.stateDescription(now: now, timeZone: .current)
            text += "  \(key.subject)  \(state)\(value)\(notified)\(snoozed)\(flapping)\n"
            // A note about every subject of the rule (the feed gone unknown) counts when newer.
            let everyOne = latest[SubjectKey(rule: key.rule, subject: DecisionNote.everySubject)]
            if let note = [latest[key], everyOne].compactMap({ $0 }).max(by: { $0.at < $1.at }) {
                text += "    last decision \(NoteText.line(note, now: now, timeZone: .current))\n"
            }
        }
        return text
    }
}

package struct MuteCommand: ContextCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "mute",
        abstract: "Silence a rule: its state still follows the data, but it notifies nothing.",
        discussion: "Example: notifier mute launch_country --for 2h"
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: "The rule, as `notifier rules` names it.")
    package var rule: String

    @Option(name: .customLong("for"), help: ArgumentHelp("How long, such as 30m, 2h or 1d; without it, until `notifier unmute`.", valueName: "duration"))
    package var duration: String?

    package func run(context: AppContext) throws {
        try RuleName.check(rule, rules: context.program.rules)
        var until = Date.distantFuture
        if let duration {
            guard let parsed = Duration.parse(duration), parsed > .zero else {
                throw UserError.invalidArgument("--for must be a duration such as 30m, 2h or 1d, got '\(TextSanitizer.singleLine(duration))'")
            }
            until = context.now().addingTimeInterval(Double(parsed.components.seconds))
        }
        do {
            try context.openStore().setMute(rule: rule, until: until)
        } catch {
            context.logger.error("\(error)")
            throw ExitCode(Exit.failure)
        }
        print(duration == nil ? "muted \(rule) until `notifier unmute \(rule)`" : "muted \(rule) until \(RelativeTime.iso(until))")
    }
}

package struct UnmuteCommand: ContextCommand {
    package init() {}

    package static let configuration = CommandConfiguration(commandName: "unmute", abstract: "Let a muted rule notify again.")

    @OptionGroup package var global: GlobalOptions

    @Argument(help: "The rule, as `notifier rules` names it.")
    package var rule: String

    package func run(context: AppContext) throws {
        try RuleName.check(rule, rules: context.program.rules)
        do {
            try context.openStore().setMute(rule: rule, until: nil)
        } catch {
            context.logger.error("\(error)")
            throw ExitCode(Exit.failure)
        }
        print("unmuted \(rule)")
    }
}

package enum RuleName {
    package static func check(_ rule: String, rules: [any Rule.Type]) throws {
        let known = rules.map { $0.id }
        guard known.contains(rule) else {
            throw UserError.invalidArgument("unknown rule '\(TextSanitizer.singleLine(String(rule.prefix(100))))'; rules: \(known.joined(separator: ", "))")
        }
    }
}
