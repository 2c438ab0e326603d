import Foundation
import NotifierEngine
import NotifierSystem
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// The week view's decisions, without a terminal: which ranges it loads, what keys do.
@Suite struct WeekModelTests {
    let today = CivilDate(year: 2026, month: 12, day: 23)!

    func model(firstDay: WeekModel.FirstDay = .monday, remembered: RememberedBox = RememberedBox()) -> WeekModel {
        WeekModel(today: today, firstDay: firstDay, load: { _, _ in .holidays([]) }, remember: { remembered.set($0) })
    }

    final class RememberedBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: WeekModel.FirstDay?
        func set(_ day: WeekModel.FirstDay) { lock.withLock { value = day } }
        var get: WeekModel.FirstDay? { lock.withLock { value } }
    }

    static func taskNames(_ effects: [ViewEffect]) -> [String] {
        effects.compactMap { if case .start(let task) = $0 { task.name } else { nil } }
    }

    @Test func movingLoadsEachWeekOnceAndNeverTheSameRangeTwice() {
        var week = model()
        #expect(Self.taskNames(week.appear()) == ["holidays 2026-12-21…2026-12-27"])
        #expect(Self.taskNames(week.handle(.key(.right))) == ["holidays 2026-12-28…2027-01-03"])
        #expect(Self.taskNames(week.handle(.key(.left))).isEmpty, "asked for already")
        #expect(Self.taskNames(week.handle(.key(.character("t")))).isEmpty)
        #expect(week.start == CivilDate(year: 2026, month: 12, day: 21))
    }

    @Test func theFirstDayCyclesIsRememberedAndLoadsOnlyTheNewDays() async {
        let remembered = RememberedBox()
        var week = model(remembered: remembered)
        _ = week.appear()
        let effects = week.handle(.key(.character("f")))
        #expect(week.firstDay == .sunday && week.start == CivilDate(year: 2026, month: 12, day: 20))
        #expect(Self.taskNames(effects) == ["remember-first-day", "holidays 2026-12-20…2026-12-20"])
        if case .start(let task) = effects[0] { _ = await task.work() }
        #expect(remembered.get == .sunday)
        _ = week.handle(.key(.character("f")))
        #expect(week.firstDay == .saturday && week.start == CivilDate(year: 2026, month: 12, day: 19))
        _ = week.handle(.key(.character("f")))
        #expect(week.firstDay == .monday)
    }

    @Test func anErrorIsShownAndRRetries() {
        var week = model()
        _ = week.appear()
        _ = week.handle(.finished(name: "holidays 2026-12-21…2026-12-27", result: WeekModel.Loaded.failed("HTTP 503 from the holiday API")))
        let frame = week.frame(width: 80, height: 24, now: Date())
        #expect(frame.status?.text.contains("Cannot load holidays: HTTP 503 from the holiday API") == true)
        #expect(Self.taskNames(week.handle(.key(.right))).isEmpty, "no new requests while failing")
        #expect(Self.taskNames(week.handle(.key(.character("r")))) == ["holidays 2026-12-28…2027-01-03"])
    }

    @Test func kindsReadWithoutColour() {
        var week = model()
        _ = week.appear()
        let holidays = [
            Holiday(date: today.adding(days: 1), name: "Jõululaupäev", kind: .publicHoliday),
            Holiday(date: today.adding(days: 1), name: "Jõulud", kind: .folk),
        ]
        _ = week.handle(.finished(name: "holidays 2026-12-21…2026-12-27", result: WeekModel.Loaded.holidays(holidays)))
        var layout = ScreenLayout(width: 80, height: 16)
        let text = layout.plainText(for: week.frame(width: 80, height: 16, now: Date()))
        #expect(text.contains("Thu  2026-12-24  ● Jõululaupäev; ○ Jõulud"), "\(text)")
        #expect(text.contains("▶ Wed  2026-12-23    ← today"), "\(text)")
        #expect(text.contains("  Mon  2026-12-21  \n") || text.contains("  Mon  2026-12-21  "), "loaded, nothing that day")
    }
}
