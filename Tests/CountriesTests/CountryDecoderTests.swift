import Foundation
import NotifierCountries
import TestSupport
import Testing

@Suite struct CountryDecoderTests {
    @Test func decodesEveryCountryOfTheV3Sample() throws {
        let countries = try RESTCountriesDecoder.decodeV3(Samples.data("restcountries_v3.1_all_full.json"))
        #expect(countries.count == 250)
        let kz = try #require(countries.first { $0.cca2 == "KZ" })
        #expect(kz.commonName == "Kazakhstan")
        #expect(kz.officialName == "Republic of Kazakhstan")
        #expect(kz.cca3 == "KAZ")
        #expect(kz.flag == "🇰🇿")
        #expect(kz.capitals == ["Nur-Sultan"])
        #expect(kz.capitalCoordinates != nil)
        #expect(kz.currencies == [Country.Currency(code: "KZT", name: "Kazakhstani tenge", symbol: "₸")])
        #expect(kz.languages.map(\.name) == ["Kazakh", "Russian"])
        #expect(kz.borders.count == 5)
        #expect(kz.flagPNG?.hasSuffix("kz.png") == true)
    }

    @Test func toleratesOmittedFields() throws {
        let countries = try RESTCountriesDecoder.decodeV3(Samples.data("restcountries_v3.1_all_full.json"))
        let aq = try #require(countries.first { $0.cca2 == "AQ" })
        #expect(aq.capitals.isEmpty)
        #expect(aq.capitalCoordinates == nil)
        #expect(aq.subregion == nil)
        #expect(aq.currencies.isEmpty && aq.languages.isEmpty && aq.borders.isEmpty)
        #expect(countries.contains { $0.cca2 == "XK" }, "Kosovo has no ccn3 but must decode")
    }

    @Test func mergesFieldLimitedParts() throws {
        let names = Data(#"[{"name":{"common":"Estonia","official":"Republic of Estonia"},"cca2":"EE","cca3":"EST","population":1331057}]"#.utf8)
        let rest = Data(#"[{"cca3":"EST","languages":{"est":"Estonian"},"borders":["LVA","RUS"]}]"#.utf8)
        let countries = try RESTCountriesDecoder.decodeV3Parts([names, rest])
        #expect(countries.count == 1)
        #expect(countries[0].languages.map(\.name) == ["Estonian"])
        #expect(countries[0].borders == ["LVA", "RUS"])
        #expect(countries[0].population == 1_331_057)
    }

    @Test func decodesTheV5Page() throws {
        let page = try RESTCountriesDecoder.decodeV5Page(Samples.data("restcountries_v5_countries_page.json"))
        #expect(page.more)
        #expect(page.total == 254)
        // Abkhazia's page entry has no code and an empty flag URL: it cannot be linked to.
        #expect(page.countries.count == 24)
        let af = try #require(page.countries.first { $0.cca2 == "AF" })
        #expect(af.commonName == "Afghanistan")
        #expect(af.flag == "🇦🇫")
        #expect(af.subregion == "Southern Asia")
        #expect(page.countries.first { $0.cca2 == "AQ" }?.subregion == nil)
    }

    @Test(arguments: ["", "{", "[1,2]", "{\"data\":[]}", "<html>error</html>", "\u{FF}\u{FE}"])
    func rejectsBadBodies(_ body: String) {
        #expect(throws: RESTCountriesDecoder.DecodeError.self) { try RESTCountriesDecoder.decodeV3(Data(body.utf8)) }
        #expect(throws: RESTCountriesDecoder.DecodeError.self) { try RESTCountriesDecoder.decodeV5Page(Data(body.utf8)) }
    }
}

@Suite struct CountryCatalogTests {
    let catalog = EmbeddedCountries.catalog

    @Test func theEmbeddedDataMatchesTheSampleItWasDerivedFrom() throws {
        let decoded = try RESTCountriesDecoder.decodeV3(Samples.data("restcountries_v3.1_all_full.json"))
        #expect(catalog.count == 250)
        // The embedded data adds look-up names and the corrections of data/country-errata.tsv
        // (CountryFactsTests checks those); everything else is the sample's.
        let corrected: Set<String> = ["KZ", "TR", "GD", "EH", "TF", "WF"]
        let shipped = catalog.all().filter { !corrected.contains($0.cca2) }.map { country in
            var plain = country
            plain.alternativeNames = nil
            return plain
        }
        #expect(shipped == decoded.filter { !corrected.contains($0.cca2) }.sorted { $0.cca2 < $1.cca2 })
    }

    @Test(arguments: ["KZ", "kz", "KAZ", "kaz", "Kazakhstan", "KAZAKHSTAN", " kazakhstan "])
    func findsByCodeOrName(_ query: String) {
        #expect(catalog.find(query)?.cca2 == "KZ")
    }

    @Test(arguments: ["XX", "", "Atlantis", "K", String(repeating: "A", count: 100_000)])
    func unknownQueriesFindNothing(_ query: String) {
        #expect(catalog.find(query) == nil)
    }

    @Test func suggestsCloseNames() {
        #expect(catalog.suggestions(for: "Kazakstan").first == "Kazakhstan")
        #expect(catalog.suggestions(for: "Esto").contains("Estonia"))
        #expect(catalog.suggestions(for: "zzzzzz").isEmpty)
    }

    @Test func roundTripsThroughText() {
        let some = (0..<5).compactMap { catalog.country(at: $0) }
        #expect(CountryCatalog(countries: some).all() == some)
    }

    @Test func namesBorders() {
        #expect(catalog.name(ofCCA3: "EST") == "Estonia")
    }
}
