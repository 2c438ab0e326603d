import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem
import Testing

@testable import NotifierReminders

/// `[[reminders]]` in words: what `check()` takes and refuses, and the start a phrase counts from.
@Suite struct ConfigPhraseTests {
    static let now = TimePhraseTests.now

    static func entry(every: String, at: String, start: String = "") -> ReminderSettings {
        var entry = ReminderSettings()
        (entry.name, entry.text, entry.every, entry.at, entry.start, entry.timeZone) = ("x", "X", every, at, start, "Europe/Tallinn")
        return entry
    }

    static func days(_ entry: ReminderSettings, remembered: CivilDate? = nil) -> [String] {
        let reminder = entry.reminder(daysOff: nil, now: now, remembered: remembered)
        return reminder?.schedule.occurrences(from: now, count: 3).map { TimePhraseTests.local($0.date) } ?? []
    }

    @Test func phrasesAndTimesInWordsAreTaken() {
        #expect(Self.entry(every: "every other tuesday", at: "19").check() == nil)
        #expect(Self.days(Self.entry(every: "every other tuesday", at: "19")) == ["2026-12-01T19:00", "2026-12-15T19:00", "2026-12-29T19:00"])
        // An expression of before, with a time in words.
        #expect(Self.days(Self.entry(every: "yearly 12-24", at: "kell 18")) == ["2026-12-24T18:00", "2027-12-24T18:00", "2028-12-24T18:00"])
        #expect(Self.days(Self.entry(every: "", at: "24 december 2026 at 18")) == ["2026-12-24T18:00"])
        // The forms of before keep their own path.
        #expect(!Self.entry(every: "weekdays", at: "09:45").everyIsPhrase && !Self.entry(every: "weekdays", at: "09:45").atIsPhrase)
    }

    @Test func aStartFixesTheWeeks() {
        let given = Self.entry(every: "iga teine laupäev", at: "kell 18", start: "2026-12-12")
        #expect(Self.days(given) == ["2026-12-12T18:00", "2026-12-26T18:00", "2027-01-09T18:00"])
        let remembered = Self.entry(every: "every other saturday", at: "18:00")
        #expect(remembered.needsRememberedStart(now: Self.now) && !given.needsRememberedStart(now: Self.now))
        #expect(Self.days(remembered, remembered: CivilDate(year: 2026, month: 11, day: 21)) == ["2026-12-05T18:00", "2026-12-19T18:00", "2027-01-02T18:00"])
    }

    @Test func refusalsNameTheKey() {
        #expect(Self.entry(every: "every second thursday", at: "9").check()?.key == "every")
        #expect(Self.entry(every: "every other tuesday at 9", at: "10:00").check()?.message.contains("names 09:00") == true)
        #expect(Self.entry(every: "", at: "tomorrow at 9").check()?.message.contains("fixed date and time") == true)
        #expect(Self.entry(every: "every other tuesday", at: "").check() != nil)
    }
}
