import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier when "every other tuesday at 9"`: what notifier understands by a time phrase, as
/// `systemd-analyze calendar` shows for its syntax: the words it reads back, the rule, and the
/// next dates. A phrase it cannot read, or could read two ways, is refused (exit 2).
package struct WhenCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "when",
        abstract: "What a time phrase means: its words read back, its rule and its next dates (English or Estonian).",
        discussion: """
            Examples:
              notifier when "every other tuesday at 9"
              notifier when "the last working day of every month at 10" --count 12
              notifier when "iga kuu viimane pühapäev kell 18" --from "2026-12-01 08:00" --json
              notifier when "in 90 minutes"
            Recurring: daily, every weekday, weekends, "mon, wed and fri", every N days/weeks/months/years,
            "every other …", "the third wednesday of every month", "the 1st and 15th of every month",
            "the last working day of every month", "every year on 1 may"; with a time: 9, 09:30, 9.30,
            9am, 5 pm, noon, midnight. One-off: today, tonight, tomorrow, "next tuesday", "24 december",
            "24.12", "2026-12-24", "in 90 minutes", "in 2 days". Estonian: "iga päev", "tööpäeviti",
            "iga teine neljapäev", "iga kuu 1. kuupäeval", "homme kell 9", "90 minuti pärast".
            A phrase with two meanings ("every second thursday") is refused, naming both.
            """
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: ArgumentHelp("The time phrase, such as \"every other tuesday at 9\".", valueName: "phrase"))
    package var phrase: String

    @Option(help: ArgumentHelp("Read it as if now were this, \"YYYY-MM-DD HH:MM\" or YYYY-MM-DD (default: now).", valueName: "time"))
    package var from: String?

    @Option(help: "How many dates (1 to 1000).")
    package var count = 5

    @Option(help: ArgumentHelp("An IANA time zone such as Europe/Tallinn (default: local).", valueName: "zone"))
    package var timeZone: String?

    @OptionGroup package var output: JSONOption<Output>
    package enum Output: JSONHelp {
        package static let json = "Print JSON: phrase, language, understood, rrule (absent for a one-off), dates."
    }

    package func validate() throws {
        guard (1...1000).contains(count) else { throw ValidationError("--count takes 1 to 1000") }
    }

    package func run() throws {
        guard let zone = ReminderTime.zone(timeZone ?? "") else {
            throw UserError.invalidArgument(
                "--time-zone must be an IANA name such as Europe/Tallinn, got '\(TextSanitizer.singleLine(String((timeZone ?? "").prefix(64))))'")
        }
        let now = try from.map { try NextCommand.date($0, in: zone) } ?? (try AppContext.load(global)).now()
        let schedule = try Self.understand(phrase, now: now, zone: zone)
        let occurrences = ReminderSchedule(timing: schedule.timing, timeZone: zone).occurrences(from: now, count: count)
        if output.json {
            struct Answer: Encodable {
                var phrase: String, language: String, understood: String, rrule: String?, start: String?, dates: [String]
            }
            let style = Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: zone)
            try PrettyJSON.print(
                Answer(
                    phrase: phrase, language: schedule.reading.language.rawValue, understood: schedule.understood, rrule: schedule.rrule,
                    start: schedule.start?.description, dates: occurrences.map { $0.date.formatted(style) }))
            return
        }
        var lines = [
            "understood  \(schedule.understood)",
            "language    \(schedule.reading.language == .et ? "Estonian" : "English")",
            "rule        \(schedule.rrule ?? "once")",
        ]
        for (index, occurrence) in occurrences.enumerated() { lines.append((index == 0 ? "next        " : "            ") + occurrence.line(in: zone)) }
        if occurrences.isEmpty { lines.append("next        no dates from then on") }
        FileHandle.standardOutput.write(text: TextSanitizer.printable(lines.joined(separator: "\n") + "\n"))
    }

    /// The phrase read and placed in time, or the refusal as the one line the person sees.
    package static func understand(
        _ phrase: String, reading: PhraseReading? = nil, now: Date, zone: TimeZone, defaultTime: PhraseReading.TimeOfDay? = nil,
        start: CivilDate? = nil
    ) throws -> PhraseSchedule {
        do throws(PhraseRefusal) {
            let read: PhraseReading
            if let reading { read = reading } else { read = try PhraseReading(phrase) }
            return try read.resolved(now: now, timeZone: zone, defaultTime: defaultTime, start: start)
        } catch {
            throw UserError.invalidArgument("\(PhraseLexer.shown(String(phrase.prefix(60)))): \(TextSanitizer.singleLine(error.description))")
        }
    }
}
