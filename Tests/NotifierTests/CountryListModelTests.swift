import Foundation
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

/// The country list's decisions, without a terminal.
@Suite struct CountryListModelTests {
    let data = CountryData.embedded

    func list() -> CountryListModel {
        CountryListModel(countries: data.catalog.all(), sort: .name, data: data, locale: Locale(identifier: "en_US"), now: Date())
    }

    func type(_ text: String, into list: inout CountryListModel) {
        _ = list.handle(.key(.character("/")))
        for character in text { _ = list.handle(.key(.character(character))) }
    }

    @Test func sectionsOpenAndClose() {
        var list = list()
        #expect(list.rows.count == 7, "one row per continent")
        _ = list.handle(.key(.enter))
        #expect(list.rows.count == 7 + 58, "Africa open")
        _ = list.handle(.key(.down))
        _ = list.handle(.key(.left))
        #expect(list.rows.count == 7 && list.selected == 0, "← on a country closes its section and selects it")
    }

    @Test func theFilterPicksTheBestMatchAndEnterOpensIt() throws {
        var list = list()
        type("est", into: &list)
        #expect(list.isTyping)
        guard case .country(let country) = list.rows[list.selected] else {
            Issue.record("no country selected")
            return
        }
        #expect(country.cca2 == "EE", "the code EST before names that merely contain it")
        _ = list.handle(.key(.enter))
        let effects = list.handle(.key(.enter))
        guard case .push(let model as CountryDetailModel) = effects.first else {
            Issue.record("Enter opens the country")
            return
        }
        #expect(model.country.commonName == "Estonia")
    }

    @Test func escapeClearsTheFilter() {
        var list = list()
        type("zzz", into: &list)
        #expect(list.rows.isEmpty)
        #expect(list.frame(width: 80, height: 24, now: Date()).body.first?.text == "No country matches 'zzz'.")
        _ = list.handle(.key(.escape))
        #expect(!list.isTyping && list.rows.count == 7)
    }
}
