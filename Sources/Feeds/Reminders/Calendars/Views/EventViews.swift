import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

extension FeedView {
    /// `notifier open event UID`, where a calendar alarm's bubble leads.
    package static let event = FeedView(.event, command: OpenEvent.self)
}

/// One occurrence as `list events` and `open event` show it; text from the calendar is
/// sanitised where it is printed.
package struct EventLine: Encodable {
    package var uid: String
    package var summary: String
    package var location: String
    package var start: String
    package var end: String
    package var allDay: Bool
    package var alarms: [String]
    package var file: String

    package init(_ occurrence: EventOccurrence) {
        let style = Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: .current)
        uid = occurrence.uid
        summary = TextSanitizer.singleLine(occurrence.summary)
        location = TextSanitizer.singleLine(occurrence.location)
        start = occurrence.allDay ? "\(occurrence.day)" : occurrence.start.formatted(style)
        end =
            occurrence.allDay
            ? "\(occurrence.day.adding(days: max(1, Int((occurrence.end.timeIntervalSince(occurrence.start) / 86400).rounded())) - 1))"
            : occurrence.end.formatted(style)
        allDay = occurrence.allDay
        alarms = occurrence.alarms.map { $0.formatted(style) }
        file = occurrence.file
    }

    /// "Wed 2026-11-25 10:00–10:30  Stand-up · Room 4".
    package static func text(_ occurrence: EventOccurrence) -> String {
        let zone = TimeZone.current
        let day = "\(ReminderOccurrence.weekdayName(occurrence.day)) \(occurrence.day)"
        let time =
            occurrence.allDay
            ? "all day    "
            : "\(ReminderRule.clock(occurrence.start, in: zone))–\(ReminderRule.clock(occurrence.end, in: zone))"
        let place = occurrence.location.isEmpty ? "" : " · " + TextSanitizer.singleLine(occurrence.location)
        let summary = occurrence.summary.isEmpty ? "(no summary)" : TextSanitizer.singleLine(occurrence.summary)
        return "\(day) \(time)  \(summary)\(place)"
    }
}

package struct ListEvents: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "The calendars' events ([calendars] paths) from a day to a day: time, summary, place.",
        discussion: "Example: notifier list events --from 2026-12-01 --to 2026-12-31. Without dates: today and the next 7 days."
    )

    @OptionGroup package var global: GlobalOptions

    @Option(help: "The first day, YYYY-MM-DD (default today).")
    package var from: String?

    @Option(help: "The last day, YYYY-MM-DD, included (default 7 days after the first; at most 400 days).")
    package var to: String?

    @OptionGroup package var output: OutputOptions<ListHelp>

    package func show(context: AppContext) throws {
        let zone = TimeZone.current
        let today = CivilDate(context.now(), in: zone)
        let first = try Self.day(from, option: "--from") ?? today
        let last = try Self.day(to, option: "--to") ?? first.adding(days: 7)
        guard first <= last else { throw UserError.invalidArgument("--to \(last) is before --from \(first)") }
        guard first.daysUntil(last) < 400 else { throw UserError.invalidArgument("--from … --to spans more than 400 days; ask for a shorter range") }
        // What is wrong goes on the screen when there is one (stderr would show only after it closes).
        var notes: [String] = []
        if context.config.calendars.paths.isEmpty {
            notes.append("No calendars: add paths = [\"~/.calendars/…\"] under [calendars] in the config.")
        }
        let occurrences = CalendarReminders.occurrences(
            config: context.config, from: Self.midnight(first, zone), to: Self.midnight(last.adding(days: 1), zone),
            logger: context.logger, now: context.now(), local: zone)
        for problem in CalendarShelf.shared.problems() {
            notes.append("calendar \(TextSanitizer.singleLine(problem.description))")
        }
        if ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment),
            ScreenRunner.run(EventListModel(occurrences, from: first, to: last, notes: notes, context: context), context: context)
        {
            return
        }
        for note in notes { FileHandle.standardError.write(text: note + "\n") }
        if json { return try PrettyJSON.print(occurrences.map(EventLine.init)) }
        let text = occurrences.map { EventLine.text($0) + "\n" }.joined()
        FileHandle.standardOutput.write(text: TextSanitizer.printable(text.isEmpty ? "No events from \(first) to \(last).\n" : text))
    }

    package static func day(_ text: String?, option: String) throws -> CivilDate? {
        guard let text else { return nil }
        guard let day = CivilDate(string: text) else {
            throw UserError.invalidArgument("\(option) must be a date such as 2026-12-01, got '\(TextSanitizer.singleLine(String(text.prefix(40))))'")
        }
        return day
    }

    package static func midnight(_ day: CivilDate, _ zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) ?? Date(timeIntervalSince1970: 0)
    }
}

package struct OpenEvent: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "event",
        abstract: "One calendar event: summary, time, place, description, its calendar file and the next occurrences.",
        discussion: "Example: notifier open event 79fs7pkqvht9m5igs0vjv1sfra@google.com (its bubble's link: notifier://event/UID)"
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: "The event's UID (or the name its reminder has, event-…).")
    package var uid: String

    @OptionGroup package var output: OutputOptions<Output>
    package enum Output: OutputHelp {
        package static let plain = "Print the event (as it is printed anyway)."
    }

    package func show(context: AppContext) throws {
        let shown = try EventDetail.load(uid: uid, context: context)
        if json { return try PrettyJSON.print(shown.detail) }
        FileHandle.standardOutput.write(text: shown.text)
    }
}

package struct EventDetail: Encodable {
    package var uid: String
    package var summary: String
    package var location: String
    package var description: String
    package var file: String
    package var recurring: Bool
    package var next: [EventLine]

    /// The event `uid` names, as `open event` shows it: the JSON and the printed text.
    package static func load(uid: String, context: AppContext) throws -> (detail: EventDetail, text: String) {
        let now = context.now()
        let files = CalendarShelf.shared.events(paths: CalendarReminders.paths(context.config), logger: context.logger, now: now)
        guard
            let (file, events) = files.lazy.compactMap({ file, events, _ in
                let matching = events.filter { $0.uid == uid || CalendarLinks.reminderName(uid: $0.uid) == uid }
                return matching.isEmpty ? nil : (file, matching)
            }).first, let event = events.first(where: { $0.recurrenceID == nil }) ?? events.first
        else {
            throw UserError.invalidArgument(
                "no event '\(TextSanitizer.singleLine(String(uid.prefix(80))))' in the calendars; `notifier list events` lists them")
        }
        let expansion = CalendarReminders.expansion(context.config.calendars, local: .current)
        let next = expansion.occurrences(
            of: events, file: file, from: now.addingTimeInterval(-86400), to: now.addingTimeInterval(CalendarExpansion.maxWindow - 86400)
        )
        .filter { $0.end > now }.prefix(5)
        let detail = EventDetail(
            uid: event.uid, summary: TextSanitizer.singleLine(event.summary), location: TextSanitizer.singleLine(event.location),
            description: TextSanitizer.printable(event.description), file: file, recurring: event.rrule != nil,
            next: next.map(EventLine.init))
        var lines = [event.summary.isEmpty ? "(no summary)" : TextSanitizer.singleLine(event.summary)]
        if let first = next.first { lines.append("  " + EventLine.text(first)) }
        if !event.location.isEmpty { lines.append("  place: " + TextSanitizer.singleLine(event.location)) }
        if let rule = event.rrule { lines.append("  repeats: " + TextSanitizer.singleLine(rule)) }
        lines.append("  calendar: \(file)")
        let description = TextSanitizer.printable(event.description).trimmingCharacters(in: .whitespacesAndNewlines)
        if !description.isEmpty { lines += [""] + description.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 } }
        lines += next.isEmpty ? ["", "  no occurrences ahead"] : ["", "  next:"] + next.map { "    " + EventLine.text($0) }
        return (detail, TextSanitizer.printable(lines.joined(separator: "\n") + "\n"))
    }
}
