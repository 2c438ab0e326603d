import Foundation
import NotifierSystem
import Testing

@testable import NotifierCore
@testable import NotifierEngine
@testable import NotifierForecast

/// Passed forecast days are the engine's to forget, named by the forecast rules' subjects.
@Suite struct ForecastSubjectsTests {
    @Test func theEngineForgetsPassedDaysOfOnePlaceOnly() throws {
        let today = try #require(CivilDate(year: 2026, month: 12, day: 14))
        let keys = [
            SubjectKey(rule: WindGustRule.id, subject: "Tallinn/2026-12-13/gusts"),
            SubjectKey(rule: TemperatureShiftRule.id, subject: "Tallinn/2026-12-13/max"),
            SubjectKey(rule: WindGustRule.id, subject: "Tallinn/2026-12-14/gusts"),
            SubjectKey(rule: WindGustRule.id, subject: "Tartu/2026-12-01/gusts"),
            SubjectKey(rule: "crypto_change", subject: "Tallinn/2026-12-13/x"),
            SubjectKey(rule: WindGustRule.id, subject: "Tallinn/not-a-date/gusts"),
        ]
        var engine = RuleEngine(records: Dictionary(uniqueKeysWithValues: keys.map { ($0, SubjectRecord()) }))
        let forgotten = engine.forget { ForecastSubjects.isPassed($0, place: "Tallinn", before: today) }
        #expect(forgotten == [keys[1], keys[0]].sorted())
        #expect(Set(engine.records.keys) == Set(keys[2...]))
    }
}
