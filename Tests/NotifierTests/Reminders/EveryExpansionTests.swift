import Foundation
import NotifierEngine
import NotifierSystem
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierHolidays
@testable import NotifierReminders

/// notifier's own RFC 5545 expansion of `every` (`EveryExpression+Days.swift`): the parts it
/// must read together, a rule that never occurs refused where it is written, and inputs that
/// must not trap. The comparison with python-dateutil is `RandomRecurrenceTests`; a refused rule
/// costs a whole 400-year cycle of the calendar to find, so these try few.
@Suite struct EveryExpansionTests {
    static func days(_ text: String, from: String = "2024-01-01", count: Int = 6) throws -> [String] {
        let every = try EveryExpression(parsing: text)
        var days: [String] = []
        every.forEachDay(from: CivilDate(string: from)!) { day in
            days.append(day.description)
            return days.count < count
        }
        return days
    }

    static func refusal(_ text: String) -> String? {
        do {
            _ = try EveryExpression(parsing: text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aRuleWhosePartsNeverMeetIsRefusedAsHavingNoOccurrence() async {
        let refusals = await offThePool {
            [
                "RRULE:FREQ=YEARLY;BYWEEKNO=1;BYMONTH=6", "RRULE:FREQ=YEARLY;BYYEARDAY=366;BYMONTH=1", "RRULE:FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30",
                "RRULE:FREQ=DAILY;UNTIL=20231231", "RRULE:FREQ=YEARLY;BYWEEKNO=1;BYDAY=2MO",
            ].map(Self.refusal)
        }
        #expect(refusals[0] == #""RRULE:FREQ=YEARLY;BYWEEKNO=1;BYMONTH=6": has no occurrence: no day from 1 January 2024 meets all of its parts together"#)
        #expect(refusals[1]?.contains("has no occurrence") == true)
        #expect(refusals[2]?.contains("has no occurrence") == true)
        #expect(refusals[3]?.contains("to its UNTIL") == true)
        #expect(refusals[4]?.contains("has no occurrence") == true)
    }

    @Test func byMonthNarrowsByYearDay() throws {
        // Day 60 is 29 February in a leap year: only the years where it is 1 March.
        #expect(try Self.days("RRULE:FREQ=YEARLY;BYYEARDAY=60;BYMONTH=3", count: 4) == ["2025-03-01", "2026-03-01", "2027-03-01", "2029-03-01"])
        #expect(try Self.days("RRULE:FREQ=YEARLY;BYYEARDAY=-1;BYMONTH=12", count: 2) == ["2024-12-31", "2025-12-31"])
    }

    /// ISO week numbers at the year's edges and middle beside every month: refused exactly when no day of the week falls
    /// in the month in 400 years (the calendar's whole cycle), else each day found is in both. Each refusal costs that
    /// whole cycle, so the refusals tried are the months beside those a week meets, where a day too many or too few
    /// at a week's or a month's edge would show; the months further off take the same path.
    @Test func everyWeekBesideEveryMonthEitherOccursInBothOrIsRefused() async throws {
        typealias Pair = (week: Int, month: Int, text: String, meets: Bool, found: [String]?, refusal: String?)
        let pairs: [Pair] = await offThePool {
            var meets = Set<[Int]>()
            var day = CivilDate(year: 2024, month: 1, day: 1)!
            while day.year < 2424 {
                meets.insert([EveryExpression.isoWeek(day).week, day.month])
                day = day.adding(days: 1)
            }
            return [1, 5, 27, 52, 53].flatMap { week in
                (1...12).compactMap { month -> Pair? in
                    let text = "RRULE:FREQ=YEARLY;BYWEEKNO=\(week);BYMONTH=\(month)"
                    let meet = meets.contains([week, month])
                    let besideOneThatMeets = meets.contains([week, month % 12 + 1]) || meets.contains([week, (month + 10) % 12 + 1])
                    guard meet || besideOneThatMeets else { return nil }
                    return (week, month, text, meet, meet ? try? Self.days(text, count: 3) : nil, meet ? nil : Self.refusal(text))
                }
            }
        }
        var refused = 0
        for (week, month, text, meets, found, refusal) in pairs {
            if meets {
                let found = try #require(found, "\(text)")
                #expect(found.count == 3, "\(text)")
                for shown in found {
                    let date = CivilDate(string: shown)!
                    #expect(date.month == month && EveryExpression.isoWeek(date).week == week, "\(text): \(shown)")
                }
            } else {
                #expect(refusal?.contains("has no occurrence") == true, "\(text)")
                refused += 1
            }
        }
        // Two a week: the month before and the month after those it meets.
        #expect(refused == 10)
    }

    @Test func weekNumbersAreISOWeeksOfTheDaysOwnYear() throws {
        // 1 January 2039 is a Saturday of week 52 of 2038 (which has 52 weeks); dateutil 2.9
        // counts it as week 53.
        #expect(try Self.days("RRULE:FREQ=YEARLY;BYWEEKNO=52;BYDAY=SA", from: "2038-12-01", count: 2) == ["2039-01-01", "2039-12-31"])
        #expect(try !Self.days("RRULE:FREQ=YEARLY;BYWEEKNO=53;BYDAY=SA", from: "2038-01-01", count: 3).contains("2039-01-01"))
        // 30 December 2024 is in week 1 of 2025, and so in the year 2024's set, as dateutil has it.
        #expect(try Self.days("RRULE:FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO", count: 3) == ["2024-01-01", "2024-12-30", "2025-12-29"])
    }

    @Test func plainAndPlacedWeekdaysAreAlternatives() throws {
        // RFC 5545: any Monday, and the first Friday (dateutil 2.9 requires both and gives none).
        #expect(try Self.days("RRULE:FREQ=MONTHLY;BYDAY=MO,1FR", count: 4) == ["2024-01-01", "2024-01-05", "2024-01-08", "2024-01-15"])
    }

    @Test(arguments: [
        "RRULE:FREQ=DAILY;BYMONTHDAY=-9223372036854775808",
        "RRULE:FREQ=MONTHLY;BYDAY=-9223372036854775808MO",
        "RRULE:FREQ=YEARLY;BYSETPOS=9223372036854775807",
        "monthly -9223372036854775808",
        "monthly -9223372036854775808 fri",
        "RRULE:FREQ=DAILY;INTERVAL=9223372036854775807",
        "RRULE:FREQ=DAILY;UNTIL=00000101",
        "RRULE:FREQ=DAILY;UNTIL=20270231",
        "RRULE:FREQ=DAILY;UNTIL=+2027010",
        "yearly 13-01",
        "yearly 00-10",
    ])
    func anAbsurdNumberIsRefusedNotTrapped(text: String) {
        #expect(Self.refusal(text) != nil, "\(text)")
    }

    @Test func theExpansionEndsAtTheCalendarsEndAndOnAnUnbuildableRule() {
        let every = try! EveryExpression(parsing: "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29")
        var days: [CivilDate] = []
        every.forEachDay(from: CivilDate(year: 9990, month: 1, day: 1)!) { day in
            days.append(day)
            return true
        }
        #expect(days.map(\.description) == ["9992-02-29", "9996-02-29"])
        // Built past the parser: parts that never meet, a weekday out of range, a zero interval.
        var never = every
        never.months = [4]
        never.monthDays = [31]
        #expect(!never.occursAtAll)
        var odd = every
        odd.days = [.init(weekday: 99, ordinal: 7), .init(weekday: -3, ordinal: nil)]
        odd.setPositions = [0, .max, .min]
        odd.yearDays = [.min, .max]
        _ = odd.occursAtAll
        _ = odd.rruleText
        odd.interval = 0
        #expect(!odd.occursAtAll)
        odd.interval = .max
        #expect(!odd.occursAtAll)
        let schedule = ReminderSchedule(timing: .repeating(never, hour: 9, minute: 0), timeZone: TimeZone(identifier: "Europe/Tallinn")!)
        #expect(schedule.occurrences(from: Date(timeIntervalSince1970: 1_790_000_000), count: 5).isEmpty)
        #expect(schedule.occurrences(from: .distantFuture, count: 5).isEmpty)
    }

    /// The parser and the expander on random rules, without dateutil: nothing traps, what is
    /// found is in order, and a rule's RRULE text reads back as the same rule.
    @Test func randomRulesNeverTrapAndReadBack() async throws {
        typealias Tried = (text: String, days: [CivilDate], every: EveryExpression, again: EveryExpression?)
        let tried: [Tried] = await offThePool {
            var random = RandomRRule(seed: 7)
            return (0..<25).compactMap { _ -> Tried? in
                let text = "RRULE:" + random.next(mixedPlaces: true)
                guard let every = try? EveryExpression(parsing: text) else { return nil }
                var days: [CivilDate] = []
                every.forEachDay(from: CivilDate(year: 2030, month: 6, day: 15)!) { day in
                    days.append(day)
                    return days.count < 10
                }
                var again = try? EveryExpression(parsing: "RRULE:" + every.rruleText)
                again?.text = every.text
                return (text, days, every, again)
            }
        }
        for (text, days, every, again) in tried {
            #expect(days == days.sorted() && Set(days).count == days.count, "\(text)")
            #expect(again == every, "\(text) → \(every.rruleText)")
        }
        #expect(tried.count > 8)
    }
}
