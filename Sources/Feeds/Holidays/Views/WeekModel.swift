import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The interactive `open week`: ←/→ move a week, `t` back to today, `f` cycles the first day
/// of the week (remembered for next time). Holidays load per week, only days not loaded yet,
/// each range asked for once; the source's own cache spares the remote API the rest.
package struct WeekModel: ScreenModel {
    package enum FirstDay: String, CaseIterable, Sendable {
        case monday, sunday, saturday
        /// Calendar numbering: Sunday 1 … Saturday 7.
        package var weekday: Int { self == .sunday ? 1 : self == .monday ? 2 : 7 }
        package var next: FirstDay { self == .monday ? .sunday : self == .sunday ? .saturday : .monday }
    }

    /// What a load brought back: holidays, or the calendars' events by day ("10:00 Stand-up").
    package enum Loaded: Sendable {
        case holidays([Holiday])
        case failed(String)
        case events([CivilDate: [String]])
    }

    package typealias Load = @Sendable (CivilDate, CivilDate) async -> Loaded

    package let today: CivilDate
    package private(set) var anchor: CivilDate
    package private(set) var firstDay: FirstDay
    package private(set) var events: [CivilDate: [Holiday]] = [:]
    /// Days asked for (loaded or on their way): a range is never asked for twice.
    package private(set) var requested: Set<CivilDate> = []
    package private(set) var loading = 0
    package private(set) var error: String?
    package let load: Load
    /// The calendars' events of a range, when `[calendars]` names any: a fourth kind of row.
    package var loadEvents: Load?
    package private(set) var calendarEvents: [CivilDate: [String]] = [:]
    package let remember: @Sendable (FirstDay) -> Void
    /// The days of the notification that led here (a group of holiday reminders), marked ◉.
    package var marked: (days: Set<CivilDate>, note: String)?

    package init(today: CivilDate, anchor: CivilDate? = nil, firstDay: FirstDay, load: @escaping Load, remember: @escaping @Sendable (FirstDay) -> Void) {
        self.today = today
        self.anchor = anchor ?? today
        self.firstDay = firstDay
        self.load = load
        self.remember = remember
    }

    package var start: CivilDate { anchor.adding(days: -((anchor.weekday - firstDay.weekday + 7) % 7)) }
    package var end: CivilDate { start.adding(days: 6) }

    /// The first week's holidays.
    package mutating func appear() -> [ViewEffect] { loadMissing() }

    package static let keys = [
        KeyHelp(keys: "←→", action: "week"), KeyHelp(keys: "t", action: "today"),
        KeyHelp(keys: "f", action: "first day"), KeyHelp(keys: "r", action: "retry", inFooter: false),
    ]

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        var body: [StyledLine] = [.empty]
        // Only the days inside the calendar's range, as `open holiday` takes them.
        for day in (0..<7).map({ start.adding(days: $0) }) where day.isInRange {
            let mark = marked?.days.contains(day) == true ? "◉" : " "
            var spans = [
                Span((day == today ? "▶" + mark : mark + " ") + String(HolidayView.weekdayName(day).prefix(3)) + "  \(day)  ", day == today ? .bold : .plain)
            ]
            let dayEvents = events[day] ?? []
            if events[day] == nil { spans.append(Span("…", .dim)) }
            for (index, event) in dayEvents.enumerated() {
                if index > 0 { spans.append(Span("; ")) }
                spans.append(Self.mark(event))
            }
            for (index, event) in (calendarEvents[day] ?? []).enumerated() {
                if index > 0 || !dayEvents.isEmpty { spans.append(Span("; ")) }
                spans.append(Span("▪ " + event, .bold))
            }
            if day == today { spans.append(Span("  ← today", .bold)) }
            body.append(StyledLine(spans))
        }
        body += [
            .empty,
            StyledLine([
                Span("● public holiday (a day off)", .publicHoliday), Span("   "), Span("○ folk-calendar day", .folkDay),
                Span("   "), Span("◆ national day (flag day)", .nationalDay),
            ]),
        ]
        if loadEvents != nil { body.append(StyledLine([Span("▪ an event of your calendars", .bold)])) }
        body.append(StyledLine("Weeks start on \(firstDay.rawValue.capitalized) (f to change)", .dim))
        if let marked { body.append(StyledLine("◉ \(marked.note)", .dim)) }
        let status: StyledLine? =
            error.map { StyledLine([Span("Cannot load holidays: \($0)", .warning), Span("  r retries", .bold)]) }
            ?? (loading > 0 ? StyledLine("Loading holidays…", .dim) : nil)
        let shown = (0..<7).map { start.adding(days: $0) }.filter(\.isInRange)
        let title = "Week of \(shown.first ?? start) – \(shown.last ?? end)"
        return ScreenFrame(title: StyledLine(title), body: body, focus: nil, status: status, keys: Self.keys)
    }

    /// Colour and a symbol, so the kind reads without colour too; kinds this view does not
    /// know yet get ◆ and their own name.
    package static func mark(_ event: Holiday) -> Span {
        if event.kind == .publicHoliday { return Span("● \(event.name)", .publicHoliday) }
        if event.kind == .folk { return Span("○ \(event.name)", .folkDay) }
        if event.kind == .national { return Span("◆ \(event.name)", .nationalDay) }
        return Span("◆ \(event.name) (\(event.kind.rawValue))", .nationalDay)
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        switch event {
        // The calendar's supported range (CivilDate.isInRange) bounds the moves, as it bounds dates typed.
        case .key(.left), .key(.character("h")), .key(.pageUp):
            guard anchor.adding(days: -7).isInRange else { return [] }
            anchor = anchor.adding(days: -7)
        case .key(.right), .key(.character("l")), .key(.pageDown):
            guard anchor.adding(days: 7).isInRange else { return [] }
            anchor = anchor.adding(days: 7)
        case .key(.character("t")), .key(.home): anchor = today
        case .key(.character("f")):
            firstDay = firstDay.next
            let chosen = firstDay
            let remember = remember
            return [
                .start(
                    ViewTask(name: "remember-first-day") {
                        remember(chosen)
                        return chosen.rawValue
                    })
            ] + loadMissing()
        case .key(.character("r")):
            guard error != nil else { return [] }
            error = nil
            requested = requested.filter { events[$0] != nil }
        case .finished(let name, let result as Loaded) where name.hasPrefix("events "):
            if case .events(let found) = result { calendarEvents.merge(found) { _, new in new } }
            return []
        case .finished(let name, let result as Loaded) where name.hasPrefix("holidays "):
            loading -= 1
            let range = name.dropFirst("holidays ".count).split(separator: "…").compactMap { CivilDate(string: String($0)) }
            switch result {
            case .holidays(let holidays):
                if range.count == 2 {
                    var day = range[0]
                    while day <= range[1] {
                        events[day] = events[day] ?? []
                        day = day.adding(days: 1)
                    }
                }
                for holiday in holidays where !(events[holiday.date] ?? []).contains(holiday) {
                    events[holiday.date, default: []].append(holiday)
                }
            case .failed(let message):
                error = message
            case .events: break
            }
            return []
        default: return []
        }
        return loadMissing()
    }

    /// One request for the shown week's days not asked for yet (at most 7, under the remote
    /// API's 30-day limit).
    private mutating func loadMissing() -> [ViewEffect] {
        guard error == nil else { return [] }
        let missing = (0..<7).map { start.adding(days: $0) }.filter { !requested.contains($0) }
        guard let first = missing.first, let last = missing.last else { return [] }
        var day = first
        while day <= last {
            requested.insert(day)
            day = day.adding(days: 1)
        }
        loading += 1
        let load = load
        var effects: [ViewEffect] = [.start(ViewTask(name: "holidays \(first)…\(last)") { await load(first, last) })]
        if let loadEvents { effects.append(.start(ViewTask(name: "events \(first)…\(last)") { await loadEvents(first, last) })) }
        return effects
    }
}
