import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem
import TestSupport
import Testing

@testable import NotifierReminders

/// The time phrases of `notifier when` and `remind`, in English and Estonian: the table in
/// `Tests/Fixtures/time_phrases.tsv` (each phrase, its rule, its start and its first dates from
/// Saturday 2026-11-28 20:00 in Tallinn; the end-to-end `TimePhraseReferenceTests` checks the
/// same dates against python-dateutil), and the phrases refused, never guessed.
@Suite struct TimePhraseTests {
    static let zone = TimeZone(identifier: "Europe/Tallinn")!
    /// Saturday 2026-11-28 20:00 in Tallinn (+02:00).
    static let now = Date(timeIntervalSince1970: 1_795_888_800)

    struct Row: CustomTestStringConvertible, Sendable {
        var phrase: String, rule: String, start: String, dates: [String]
        var testDescription: String { phrase }
    }

    static let table: [Row] = {
        let text = (try? String(decoding: Samples.data("time_phrases.tsv"), as: UTF8.self)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Row(phrase: fields[0], rule: fields[1], start: fields[2], dates: fields[3].split(separator: " ").map(String.init))
        }
    }()

    static func local(_ date: Date) -> String {
        let parts = ReminderSchedule(timing: .instants([]), timeZone: zone).calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!)
    }

    static func understood(_ phrase: String, now: Date = now, start: CivilDate? = nil) throws -> PhraseSchedule {
        try PhraseReading(phrase).resolved(now: now, timeZone: zone, start: start)
    }

    static func refusal(_ phrase: String, now: Date = now) -> PhraseRefusal? {
        do {
            _ = try understood(phrase, now: now)
            return nil
        } catch let error as PhraseRefusal {
            return error
        } catch {
            return nil
        }
    }

    @Test func theTableHasBothLanguages() throws {
        let languages = try Self.table.map { try PhraseReading($0.phrase).language }
        #expect(languages.filter { $0 == .en }.count >= 60)
        #expect(languages.filter { $0 == .et }.count >= 40)
    }

    @Test(arguments: table)
    func phraseMeansItsRuleAndDates(_ row: Row) throws {
        let schedule = try Self.understood(row.phrase)
        #expect((schedule.rrule ?? "once") == row.rule)
        #expect((schedule.start?.description ?? "-") == row.start)
        let dates = ReminderSchedule(timing: schedule.timing, timeZone: Self.zone).occurrences(from: Self.now, count: 3).map { Self.local($0.date) }
        #expect(dates == row.dates)
        #expect(!schedule.understood.isEmpty)
    }

    @Test func theEchoSaysItInWords() throws {
        #expect(try Self.understood("every other tuesday at 9").understood == "every other Tuesday at 09:00, counting from Tuesday 1 December 2026")
        #expect(
            try Self.understood("prügi iga teine teisipäev kell 19".split(separator: " ").dropFirst().joined(separator: " ")).understood
                == "every other Tuesday at 19:00, counting from Tuesday 1 December 2026")
        #expect(
            try Self.understood("the last working day of every month at 10").understood == "the last working day (Monday to Friday) of every month at 10:00")
        #expect(try Self.understood("every month on the 31st at 8").understood == "the 31st of every month (months without a 31st are skipped) at 08:00")
        #expect(try Self.understood("the first and third monday of every month at 9").understood == "the first and third Monday of every month at 09:00")
        #expect(try Self.understood("in 2 hours").understood == "in 2 hours, Saturday 28 November 2026 at 22:00")
        #expect(try Self.understood("tomorrow at 9").understood == "once, Sunday 29 November 2026 at 09:00")
        #expect(try Self.understood("in 2 days").understood == "in 2 days, Monday 30 November 2026 at 20:00")
        #expect(try Self.understood("in an hour").understood == "in 1 hour, Saturday 28 November 2026 at 21:00")
    }

    @Test func aKeptStartKeepsTheWeeks() throws {
        // Kept on 1 December: from any later day, the same fortnights.
        let start = CivilDate(year: 2026, month: 12, day: 1)!
        for daysLater in [0, 3, 7, 10, 20, 100] {
            let later = Self.now.addingTimeInterval(Double(daysLater) * 86400)
            let schedule = try Self.understood("every other tuesday at 9", now: later, start: start)
            for occurrence in ReminderSchedule(timing: schedule.timing, timeZone: Self.zone).occurrences(from: later, count: 4) {
                #expect(start.daysUntil(occurrence.day) % 14 == 0)
            }
        }
    }

    @Test func aPhraseWithoutTimeTakesTheDefault() throws {
        let schedule = try PhraseReading("every other tuesday").resolved(now: Self.now, timeZone: Self.zone, defaultTime: .init(hour: 7, minute: 15))
        #expect(schedule.timeOfDay == .init(hour: 7, minute: 15))
        #expect(Self.refusal("every other tuesday")?.reason == "the phrase needs a time of day")
    }

    @Test func refusalsSayWhy() {
        #expect(Self.refusal("30 february at 9")?.reason.contains("30 February does not exist") == true)
        #expect(Self.refusal("30.02 at 9")?.reason.contains("30 February does not exist") == true)
        #expect(Self.refusal("2027-02-29 at 9")?.reason.contains("29 February 2027 does not exist") == true)
        #expect(Self.refusal("every 0 days at 9")?.reason.contains("0 days is no span") == true)
        #expect(Self.refusal("iga 0 päeva tagant kell 9")?.reason.contains("0 days is no span") == true)
        #expect(Self.refusal("today at 9")?.reason.contains("is in the past") == true)
        #expect(Self.refusal("2026-11-27 at 9")?.reason.contains("is in the past") == true)
        #expect(Self.refusal("buy milk")?.unknownWord == true)
        #expect(Self.refusal("every tuesday kell 9")?.reason.contains("mixes English and Estonian") == true)
        #expect(Self.refusal("at 25")?.reason.contains("not an hour") == true)
        #expect(Self.refusal("at 13 pm")?.reason.contains("am and pm go with 1 to 12") == true)
        #expect(Self.refusal("tomorrow and thursday at 9")?.reason.contains("more than one day") == true)
        #expect(Self.refusal("every 2 hours")?.reason.contains("repeat by the day, week, month or year") == true)
        #expect(Self.refusal("9")?.reason.contains("neither a time nor a day") == true)
        #expect(Self.refusal("")?.reason == "the time phrase is empty")
    }

    @Test func twoReadingsAreBothNamed() throws {
        let second = try #require(Self.refusal("every second thursday at 9"))
        #expect(second.readings == ["every other thursday", "the second thursday of every month"])
        #expect(second.description.contains("\"every other thursday\" or \"the second thursday of every month\""))
        // Both readings are phrases notifier understands.
        for reading in second.readings { #expect(Self.refusal(reading + " at 9") == nil) }
        #expect(Self.refusal("every 2nd tuesday at 9")?.readings == ["every other tuesday", "the second tuesday of every month"])
        let dotted = try #require(Self.refusal("12.05"))
        #expect(dotted.readings == ["at 12:05", "on 12 May"])
        // Estonian "iga teine neljapäev" has one reading (every other), "iga kuu teine" the other.
        #expect(try Self.understood("iga teine neljapäev kell 9").rrule == "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TH")
        #expect(try Self.understood("iga kuu teine neljapäev kell 9").rrule == "RRULE:FREQ=MONTHLY;BYDAY=2TH")
    }

    @Test func aHugePhraseIsRefusedFast() {
        let huge = String(repeating: "every other tuesday ", count: 6_000)
        #expect(huge.utf8.count >= 120_000)
        let clock = ContinuousClock()
        let took = clock.measure { #expect(Self.refusal(huge)?.reason.contains("at most 200 bytes") == true) }
        #expect(took < .milliseconds(100))
    }

    @Test func noInputTraps() {
        // Pieces of every form, in random orders: each is understood or refused, none traps.
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "every", "other", "second", "last", "of", "the", "month", "day", "1.", "31st", "0", "9", "at", "kell", "12.05",
            "24.12", "2026-02-30", "pm", "in", "pärast", "iga", "kuu", "teine", "tuesday", "teisipäeviti", "weekdays", "noon", "99999", ",", "mail",
        ]
        for _ in 0..<3000 {
            let phrase = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: " ")
            _ = Self.refusal(phrase)
        }
    }
}
