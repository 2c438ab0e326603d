import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

extension FeedView {
    /// `notifier open reminder standup`, where a reminder's bubble leads.
    package static let reminder = FeedView(.reminder, command: OpenReminder.self)
}

/// One reminder as its view and the list show it: what it says, when it comes next, what was
/// last shown of it, and what was pressed on it.
package struct ReminderStatus: Encodable {
    package var name: String
    package var text: String
    package var source: String
    package var schedule: String
    package var next: [String]
    package var lastShown: String?
    package var snoozedUntil: String?
    package var done: String?

    package static func all(context: AppContext, now: Date) -> [ReminderStatus] {
        let store = Store.openForReading(path: context.paths.storePath)
        let reminders = ReminderRound.reminders(config: context.config, store: store, logger: context.logger, daysOff: context.program.daysOff)
        let actions = (try? store?.reminderActions()) ?? [:]
        let history = ((try? store?.history(limit: 2000)) ?? []).filter { $0.rule == ReminderRule.id }
        let style = Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: .current)
        let entries = Dictionary(context.config.reminders.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return reminders.map { reminder, _ in
            let zone = reminder.schedule.timeZone
            let setting = entries[reminder.name]
            let schedule: String
            if let setting {
                schedule =
                    setting.every.isEmpty
                    ? "once, \(setting.at)"
                    : "every \(setting.every) at \(setting.at)"
                        + (setting.skip.isEmpty ? "" : ", skip \(setting.skip)") + (setting.timeZone.isEmpty ? "" : ", \(setting.timeZone)")
            } else if case .repeating(let every, let hour, let minute) = reminder.schedule.timing {
                // Kept by `notifier remind --every`: its rule in words.
                schedule = "\(PhraseEcho.words(every)) at \(ClockText.hm(hour, minute))" + (every.start.map { ", counting from \($0)" } ?? "")
            } else {
                schedule = "once, \(reminder.schedule.occurrences(from: .distantPast, count: 1).first?.key.replacingOccurrences(of: "T", with: " ") ?? "?")"
            }
            let acted = actions[reminder.name]
            let last = history.first { $0.subject == reminder.name || $0.key.hasPrefix(reminder.name + "@") }
            return ReminderStatus(
                name: reminder.name, text: reminder.text,
                source: !reminder.oneOff ? "config" : setting == nil && reminder.source != nil ? "recurring (notifier remind)" : "one-off (notifier remind)",
                schedule: schedule, next: reminder.schedule.occurrences(from: now, count: 5).map { $0.line(in: zone) },
                lastShown: last.map { "\($0.deliveredAt.formatted(style)): \($0.title)" },
                snoozedUntil: acted?.snoozedUntil.flatMap { $0 > now ? $0.formatted(style) : nil },
                done: acted?.doneKey.map { $0.replacingOccurrences(of: "T", with: " ") })
        }
    }

    package var plainText: String {
        var lines = ["\(name): \(text)", "  \(schedule) (\(source))"]
        lines += next.isEmpty ? ["  no more dates"] : ["  next:"] + next.map { "    " + $0 }
        lines.append("  last shown: \(lastShown ?? "never")")
        if let snoozedUntil { lines.append("  snoozed until \(snoozedUntil)") }
        if let done { lines.append("  done: \(done)") }
        return lines.joined(separator: "\n") + "\n"
    }
}

package struct OpenReminder: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "reminder",
        abstract: "One reminder: its text, next dates, when it was last shown, and whether it is snoozed or done.",
        discussion: "Example: notifier open reminder standup (its bubble's link: notifier://reminder/standup)"
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: "The reminder's name.")
    package var name: String

    @OptionGroup package var output: JSONOption<JSONOnlyHelp>

    package func show(context: AppContext) throws {
        guard let status = ReminderStatus.all(context: context, now: context.now()).first(where: { $0.name == name }) else {
            throw UserError.invalidArgument("unknown reminder '\(TextSanitizer.singleLine(String(name.prefix(64))))'; `notifier list reminders` lists them")
        }
        if json { return try PrettyJSON.print(status) }
        FileHandle.standardOutput.write(text: TextSanitizer.printable(status.plainText))
    }
}

package struct ListReminders: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "reminders",
        abstract: "Every reminder (the config's and the one-offs): its text and next date."
    )

    @OptionGroup package var global: GlobalOptions

    @OptionGroup package var output: OutputOptions<ListHelp>

    package func show(context: AppContext) throws {
        let all = ReminderStatus.all(context: context, now: context.now())
        if ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment),
            ScreenRunner.run(ReminderListModel(reminders: all), context: context)
        {
            return
        }
        if json { return try PrettyJSON.print(all) }
        if all.isEmpty {
            print("No reminders: add a [[reminders]] table to the config, or `notifier remind \"…\" --at 10:00`.")
            return
        }
        let text = all.map { "\($0.name)  \($0.next.first ?? "no more dates")  \($0.text)\n" }.joined()
        FileHandle.standardOutput.write(text: TextSanitizer.printable(text))
    }
}
