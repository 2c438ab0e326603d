import Foundation
import Testing

@testable import NotifierHolidays

/// Every Estonian public holiday of 1991–2100 against an independent implementation of the
/// law of each year (python-holidays' Estonia, through scripts/reference-check).
@Suite(.sharingTheMachine) struct HolidayLawTests {
    @Test func everyPublicHolidayOf1991To2100FollowsTheLawOfItsYear() async throws {
        var ours: [String: String] = [:]
        for year in 1991...2100 {
            for holiday in EstonianCalendar.holidays(in: year) where holiday.kind == .publicHoliday {
                ours[holiday.date.description] = holiday.name
            }
        }
        let differences = try await CountryFactsTests.referenceCheck("holidays", ours)
        #expect(differences.isEmpty, "differences from the law:\n\(differences.prefix(40).joined(separator: "\n"))")
    }

    @Test func beforeEstoniaRestoredItsHolidaysOnlyTheFolkCalendarIsKnown() {
        #expect(EstonianCalendar.publicHolidaysKnown(in: 1991))
        #expect(!EstonianCalendar.publicHolidaysKnown(in: 1990))
        #expect(!EstonianCalendar.publicHolidaysKnown(in: 1917))
        let soviet = EstonianCalendar.holidays(in: 1975)
        #expect(!soviet.isEmpty && soviet.allSatisfy { $0.kind == .folk })
        #expect(!EstonianCalendar.holidays(in: 1900).contains { $0.name == "Iseseisvuspäev" })
    }
}
