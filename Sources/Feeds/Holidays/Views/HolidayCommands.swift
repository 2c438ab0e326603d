import ArgumentParser
import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

package struct OpenHoliday: AsyncViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "holiday",
        abstract: "Every Estonian holiday and folk day of one date, with its weekday and how far away it is.",
        discussion: "Example: notifier open holiday 2026-12-24"
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: ArgumentHelp("The date, YYYY-MM-DD.", valueName: "date"))
    package var date: String

    @OptionGroup package var output: OutputOptions<Output>
    package enum Output: OutputHelp {
        package static let plain = "Print the day even on a terminal, instead of opening its week full-screen."
    }

    package func show(context: AppContext) async throws {
        let day = try CivilDate.parse(date, shown: TextSanitizer.singleLine(String(date.prefix(40))))
            .mapError { UserError.invalidArgument($0.description) }.get()
        if ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment),
            WeekScreen.run(anchor: day, firstDay: nil, context: context)
        {
            return
        }
        let now = context.now()
        let events = try await HolidayView.events(from: day, through: day, context: context, now: now)
        let today = UpcomingHolidayRule.today(now)
        if json {
            struct View: Encodable {
                var date: String
                var weekday: String
                var daysAway: Int
                var events: [Holiday]
            }
            try PrettyJSON.print(View(date: day.description, weekday: HolidayView.weekdayName(day), daysAway: today.daysUntil(day), events: events))
            return
        }
        let style = TerminalStyle.forStandardOutput(environment: context.environment)
        var text = style.bold("\(day)  \(HolidayView.weekdayName(day))") + "  " + HolidayView.distance(from: today, to: day) + "\n"
        if !EstonianCalendar.publicHolidaysKnown(in: day.year) { text += "  " + HolidayView.notKnownNote(day.year) + "\n" }
        if events.isEmpty { text += "  no holidays or folk days\n" }
        for event in events { text += "  " + HolidayView.line(event, style: style) + "\n" }
        FileHandle.standardOutput.write(text: TerminalStyle.terminalText(TextSanitizer.printable(text)))
    }
}

package struct OpenWeek: AsyncContextCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "week",
        abstract: "A week of Estonian holidays and folk days, one row per day; today is marked.",
        discussion: "Examples: notifier open week; notifier open week 2026-12-21 --first-day sunday; notifier open week --next 2"
    )

    package enum FirstDay: String, CaseIterable, ExpressibleByArgument {
        case monday, sunday, saturday
        package var weekday: Int { self == .sunday ? 1 : self == .monday ? 2 : 7 }
    }

    @OptionGroup package var global: GlobalOptions

    @Argument(help: ArgumentHelp("A date in the week, YYYY-MM-DD; today when left out.", valueName: "date"))
    package var date: String?

    @Option(help: "The week's first day: monday, sunday or saturday (default from the config).")
    package var firstDay: FirstDay?

    @Option(help: "Weeks forward.")
    package var next = 0

    @Option(help: "Weeks back.")
    package var prev = 0

    @Flag(help: "Print the week even on a terminal, instead of opening it full-screen.")
    package var plain = false

    package func validate() throws {
        guard (0...520).contains(next), (0...520).contains(prev) else { throw ValidationError("--next and --prev take 0 to 520 weeks") }
    }

    package func run(context: AppContext) async throws {
        try await Self.show(date: date, firstDay: firstDay, next: next, prev: prev, plain: plain, context: context)
    }

    package static func show(date: String?, firstDay: FirstDay?, next: Int, prev: Int, plain: Bool = false, context: AppContext) async throws {
        let now = context.now()
        let today = UpcomingHolidayRule.today(now)
        var anchor = today
        if let date {
            anchor = try CivilDate.parse(date, shown: TextSanitizer.singleLine(String(date.prefix(40))))
                .mapError { UserError.invalidArgument($0.description) }.get()
        }
        anchor = anchor.adding(days: 7 * (next - prev))
        // Navigation keeps to the same range as dates typed and links.
        guard anchor.isInRange else { throw UserError.invalidArgument(CivilDate.rangeMessage(year: anchor.year)) }
        if ScreenRunner.isInteractive(plain: plain, json: false, environment: context.environment),
            WeekScreen.run(anchor: anchor, firstDay: firstDay?.rawValue, context: context)
        {
            return
        }
        let first = (firstDay ?? FirstDay(rawValue: context.config.views.weekFirstDay) ?? .monday).weekday
        // The week's days inside the calendar's range only: `open holiday` refuses the others.
        let days = (0..<7).map { anchor.adding(days: -((anchor.weekday - first + 7) % 7) + $0) }.filter(\.isInRange)
        guard let start = days.first, let end = days.last else { throw UserError.invalidArgument(CivilDate.rangeMessage(year: anchor.year)) }
        let events = try await HolidayView.events(from: start, through: end, context: context, now: now)
        let calendar =
            context.program.weekEvents.flatMap { events in
                events.hasEvents(context.config)
                    ? events.byDay(config: context.config, from: start, through: end, logger: context.logger, now: context.now()) : nil
            } ?? [:]
        let style = TerminalStyle.forStandardOutput(environment: context.environment)
        var text = style.bold("Week of \(start) – \(end)") + "\n"
        for year in Set([start.year, end.year]).sorted() where !EstonianCalendar.publicHolidaysKnown(in: year) {
            text += HolidayView.notKnownNote(year) + "\n"
        }
        for day in days {
            let dayEvents = events.filter { $0.date == day }
            var row = "\(day)  \(HolidayView.weekdayName(day).padding(toLength: 9, withPad: " ", startingAt: 0))  "
            row += (dayEvents.map { HolidayView.line($0, style: style) } + (calendar[day] ?? []).map { "▪ " + $0 }).joined(separator: "; ")
            if day == today { row = style.bold(row) + "  ← today" }
            text += row + "\n"
        }
        text += style.dim("● public holiday (a day off)   ○ folk-calendar day" + (calendar.isEmpty ? "" : "   ▪ an event of your calendars")) + "\n"
        FileHandle.standardOutput.write(text: TerminalStyle.terminalText(TextSanitizer.printable(text)))
    }
}

package enum HolidayView {
    /// Said plainly where the calendar knows only folk days (EstonianCalendar.publicHolidaysKnown).
    package static func notKnownNote(_ year: Int) -> String {
        "public holidays are not known for \(year) (Estonian law defines them from \(EstonianCalendar.firstYearWithPublicHolidays)): folk days only"
    }
    package static func events(from start: CivilDate, through end: CivilDate, context: AppContext, now: Date) async throws -> [Holiday] {
        switch await holidays(from: start, through: end, context: context, now: now) {
        case .success(let holidays): return holidays
        case .failure(let error):
            context.logger.error("\(error)")
            throw ExitCode(Exit.failure)
        }
    }

    /// The holidays of the days a view shows: computed, or the remote source's as the store
    /// keeps them. Days the cache lacks are fetched and kept by the feed's round (`RoundFetch`:
    /// the daemon's, or this process as the round would), then read back; only where no round
    /// keeps them (the feed off, a store that cannot be written) does the view fetch them
    /// itself, as before, and that is not kept.
    package static func holidays(from start: CivilDate, through end: CivilDate, context: AppContext, now: Date) async -> Result<[Holiday], FeedError> {
        let (config, storePath, http) = (context.config, context.paths.storePath, HTTPClient())
        guard config.holidays.source == .remote else {
            return await HolidaySource(config: config, store: nil, http: http).holidays(from: start, through: end, now: now)
        }
        let stored = { HolidaySource(config: config, store: Store.openForReading(path: storePath), http: http) }
        if let cached = stored().cached(from: start, through: end, now: now) { return .success(cached) }
        if let days = HolidayDays(start: start, end: end), await RoundFetch.fetch(HolidaysFeed.name, request: days.request, context: context) == .kept,
            let kept = stored().cached(from: start, through: end, now: now)
        {
            return .success(kept)
        }
        return await stored().holidays(from: start, through: end, now: now)
    }

    package static func weekdayName(_ day: CivilDate) -> String {
        ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][(day.weekday - 1 + 7) % 7]
    }

    package static func line(_ event: Holiday, style: TerminalStyle) -> String {
        switch event.kind {
        case .publicHoliday: return style.bold("● \(event.name)") + " (public holiday)"
        case .national: return "◆ \(event.name)" + " (day of national importance, a flag day)"
        case .folk: return style.dim("○ \(event.name)") + " (folk day)"
        }
    }

    package static func distance(from today: CivilDate, to day: CivilDate) -> String {
        let days = today.daysUntil(day)
        switch days {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case ..<0: return "\(-days) days ago"
        default: return "in \(days) days"
        }
    }
}
