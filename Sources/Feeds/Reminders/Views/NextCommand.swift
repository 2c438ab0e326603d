import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier next NAME` and `notifier next --every EXPR --at HH:MM`: the dates a reminder
/// falls on, one a line, marked where a holiday moved or skipped one and where daylight
/// saving shifted one.
package struct NextCommand: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "The next dates of a reminder, or of an `every` expression to try before writing it.",
        discussion: """
            Examples:
              notifier next standup --count 5
              notifier next --every "monthly last fri" --at 16:00 --skip holidays-before --count 12
              notifier next --every "RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1" --at 10:00 --time-zone Europe/Tallinn
            Each line: weekday, date, time and UTC offset; then what moved, skipped or shifted it.
            """
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: ArgumentHelp("A reminder's name (from the config, or a one-off of `notifier remind`).", valueName: "name"))
    package var name: String?

    @Option(help: "How many dates (1 to 1000).")
    package var count = 5

    @Option(help: ArgumentHelp("Start from this date, YYYY-MM-DD or \"YYYY-MM-DD HH:MM\" (default: now).", valueName: "date"))
    package var from: String?

    @Option(help: ArgumentHelp("Without a name: the `every` expression, \(EveryExpression.grammar).", valueName: "expr"))
    package var every: String?

    @Option(help: ArgumentHelp("Without a name: the time of day, HH:MM.", valueName: "time"))
    package var at: String?

    @Option(help: ArgumentHelp("Without a name: \"\", holidays, holidays-before or holidays-after.", valueName: "policy"))
    package var skip: String?

    @Option(help: ArgumentHelp("Without a name: an IANA time zone such as Europe/Tallinn (default: local).", valueName: "zone"))
    package var timeZone: String?

    @OptionGroup package var output: JSONOption<Output>
    package enum Output: JSONHelp {
        package static let json = "Print JSON: each date with its UTC instant and marks."
    }

    package func validate() throws {
        guard (1...1000).contains(count) else { throw ValidationError("--count takes 1 to 1000") }
        if name != nil, every != nil || at != nil || skip != nil || timeZone != nil {
            throw ValidationError("give a reminder's name, or --every and --at, not both")
        }
        // A phrase in words may carry its own time ("every other tuesday at 9"); an expression needs --at.
        if name == nil, every == nil || (at == nil && (try? EveryExpression(parsing: every ?? "")) != nil) {
            throw ValidationError("give a reminder's name, or --every EXPR --at HH:MM")
        }
    }

    package func show(context: AppContext) throws {
        let schedule: ReminderSchedule
        if let name {
            let store = Store.openForReading(path: context.paths.storePath)
            guard
                let found = ReminderRound.reminders(config: context.config, store: store, logger: context.logger, daysOff: context.program.daysOff)
                    .first(where: { $0.reminder.name == name })?.reminder
            else {
                throw UserError.invalidArgument("unknown reminder '\(TextSanitizer.singleLine(String(name.prefix(64))))'; `notifier list reminders` lists them")
            }
            schedule = found.schedule
        } else if let every, (try? EveryExpression(parsing: every)) == nil, PhraseReading.mayBe(every) {
            schedule = try Self.phraseSchedule(every: every, at: at, skip: skip ?? "", timeZone: timeZone ?? "", from: from, context: context)
        } else {
            schedule = try Self.schedule(every: every ?? "", at: at ?? "", skip: skip ?? "", timeZone: timeZone ?? "", daysOff: context.program.daysOff)
        }
        let start = try from.map { try Self.date($0, in: schedule.timeZone) } ?? context.now()
        let occurrences = schedule.occurrences(from: start, count: count)
        if json {
            struct Line: Encodable {
                var date: String, key: String, skipped: Bool, holiday: String?, movedTo: String?, daylightSaving: String?
            }
            let style = Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: schedule.timeZone)
            try PrettyJSON.print(
                occurrences.map { occurrence in
                    Line(
                        date: occurrence.date.formatted(style), key: occurrence.key, skipped: occurrence.skipped, holiday: occurrence.holiday,
                        movedTo: occurrence.movedTo?.description,
                        daylightSaving: occurrence.dst.map {
                            switch $0 {
                            case .shifted(let wanted): return "shifted from \(wanted)"
                            case .repeated: return "repeated, the first"
                            }
                        })
                })
            return
        }
        let text = occurrences.isEmpty ? "no dates from then on\n" : occurrences.map { $0.line(in: schedule.timeZone) + "\n" }.joined()
        FileHandle.standardOutput.write(text: TextSanitizer.printable(text))
    }

    package static func schedule(every: String, at: String, skip: String, timeZone: String, daysOff: (any HolidayCalendar)?) throws -> ReminderSchedule {
        do throws(EveryExpression.ParseError) { _ = try EveryExpression(parsing: every) } catch { throw UserError.invalidArgument("--every \(error.message)") }
        guard ReminderTime.clock(at) != nil else {
            throw UserError.invalidArgument("--at must be a time of day such as 09:45, got '\(TextSanitizer.singleLine(String(at.prefix(40))))'")
        }
        guard ReminderSchedule.HolidayPolicy(rawValue: skip) != nil else {
            throw UserError.invalidArgument("--skip must be \"\", holidays, holidays-before or holidays-after")
        }
        guard ReminderTime.zone(timeZone) != nil else {
            throw UserError.invalidArgument(
                "--time-zone must be an IANA name such as Europe/Tallinn, got '\(TextSanitizer.singleLine(String(timeZone.prefix(64))))'")
        }
        return ReminderTime.schedule(at: at, every: every, skip: skip, timeZone: timeZone, daysOff: daysOff)!
    }

    /// `--every` in words ("every other tuesday", "iga kuu viimane pühapäev kell 18"): its
    /// intervals count from the first day it falls on from `--from` (or now), as `when` shows.
    static func phraseSchedule(every: String, at: String?, skip: String, timeZone: String, from: String?, context: AppContext) throws -> ReminderSchedule {
        guard let zone = ReminderTime.zone(timeZone) else {
            throw UserError.invalidArgument(
                "--time-zone must be an IANA name such as Europe/Tallinn, got '\(TextSanitizer.singleLine(String(timeZone.prefix(64))))'")
        }
        guard let holidays = ReminderSchedule.HolidayPolicy(rawValue: skip) else {
            throw UserError.invalidArgument("--skip must be \"\", holidays, holidays-before or holidays-after")
        }
        var time: PhraseReading.TimeOfDay?
        if let at {
            guard let given = ReminderSettings.timeOfDay(at) else {
                throw UserError.invalidArgument("--at must be a time of day such as 09:45, got '\(TextSanitizer.singleLine(String(at.prefix(40))))'")
            }
            time = given
        }
        let now = try from.map { try date($0, in: zone) } ?? context.now()
        let reading: PhraseReading
        do throws(PhraseRefusal) { reading = try PhraseReading(every) } catch {
            throw UserError.invalidArgument("--every \(PhraseLexer.shown(every)): \(TextSanitizer.singleLine(error.description))")
        }
        guard reading.isRepeating else { throw UserError.invalidArgument("--every \(PhraseLexer.shown(every)) names one day, not a repeating one") }
        let understood = try WhenCommand.understand(every, reading: reading, now: now, zone: zone, defaultTime: time)
        return ReminderSchedule(timing: understood.timing, timeZone: zone, holidays: holidays, daysOff: context.program.daysOff)
    }

    /// "2026-12-01" (its midnight) or "2026-12-01 10:00", in `zone`.
    package static func date(_ text: String, in zone: TimeZone) throws -> Date {
        let parsed = ReminderTime.dateTime(text) ?? CivilDate(string: text).map { ($0, QuietHours.ClockTime(hour: 0, minute: 0)!) }
        guard let (day, time) = parsed else {
            throw UserError.invalidArgument(
                "--from must be a date such as 2026-12-01 or \"2026-12-01 10:00\", got '\(TextSanitizer.singleLine(String(text.prefix(40))))'")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let date = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute)) else {
            throw UserError.invalidArgument("--from names no time in \(zone.identifier): '\(TextSanitizer.singleLine(String(text.prefix(40))))'")
        }
        return date
    }
}
