import Foundation
import NotifierEngine
import TestSupport
import Testing

@testable import NotifierCountries

/// The one pass over a v3.1 answer reads what JSONDecoder reads, or leaves the body to it.
@Suite struct CountryScannerTests {
    static let sample = "restcountries_v3.1_all_full.json"

    /// Where the one pass answers, JSONDecoder's reading is the same, field for field.
    func expectSameReading(_ data: Data, _ label: String, countries: [V3Country]?) {
        guard let countries else { return }
        guard let reference = try? JSONDecoder().decode([V3Country].self, from: data) else {
            Issue.record("\(label): the one pass read a body JSONDecoder refuses")
            return
        }
        #expect(countries == reference, "\(label)")
    }

    @Test func theSampleIsReadInOnePassAsJSONDecoderReadsIt() throws {
        let sample = try Samples.data(Self.sample)
        let countries = RESTCountriesScanner.countries(sample)
        #expect(countries?.count == 250)
        expectSameReading(sample, "sample", countries: countries)
    }

    @Test(arguments: [
        "[]", " [ ] ", #"[{}]"#, #"[{"name":null,"cca2":null,"area":null}]"#, #"[{"name":{"common":"A"},"extra":1,"extra":[{"x":"\u00e9\n"}]}]"#,
        #"[{"name":{"common":"Å","official":"Ö","nativeName":{"x":{"common":"y"}}},"cca2":"AX","population":-0,"area":-0.5}]"#,
        #"[{"currencies":{"EUR":{"name":"Euro","symbol":"€","x":2},"USD":{}},"languages":{"est":"Estonian"},"latlng":[1,-2.25,3.0]}]"#,
        #"[{"capitalInfo":{},"flags":{"png":null,"svg":"x"},"capital":[],"borders":["A","B"],"timezones":["UTC+02:00"]}]"#,
        #"[{"area":1.4E+7,"latlng":[2e-3,-1E2,0e5]}]"#, #"[{"latlng":[1e-400]}]"#,
        // Outside the one pass, left to JSONDecoder: it must answer nil for these.
        #"[{"cca2":"\u0041"}]"#, #"[{"cca2":"A","cca2":"B"}]"#, #"[{"name":{"official":"A"}}]"#, #"[{"name":{"common":null}}]"#,
        #"[{"population":1.5}]"#, #"[{"population":1e3}]"#, #"[{"area":1e400}]"#, #"[{"area":"1"}]"#, #"[{"capital":[null]}]"#,
        #"[{"languages":{"a":"x","a":"y"}}]"#, #"[{"x":"\ud800"}]"#, #"[{"x":"\q"}]"#, "[1,2]", "{}", "", "[] x", #"[{},]"#,
        #"[{"population":99999999999999999999}]"#, "\u{FEFF}[]",
        #"[{"x":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}]"#,
    ])
    func handWrittenBodies(_ body: String) {
        expectSameReading(Data(body.utf8), body, countries: RESTCountriesScanner.countries(Data(body.utf8)))
    }

    @Test func outsideTheOnePassItLeavesTheBodyToJSONDecoder() {
        for body in [
            #"[{"cca2":"\u0041"}]"#, #"[{"cca2":"A","cca2":"B"}]"#, #"[{"name":{"common":null}}]"#, #"[{"population":1e3}]"#,
            #"[{"x":"\ud800"}]"#, "[1,2]", "{}", "", "[] x", "\u{FEFF}[]",
        ] {
            #expect(RESTCountriesScanner.countries(Data(body.utf8)) == nil, "\(body)")
        }
        #expect(RESTCountriesScanner.countries(Data([0x5B, 0x22, 0xC3, 0x22, 0x5D])) == nil, "not UTF-8")
    }

    /// Mangled copies of the first countries of the sample: bytes replaced, dropped and inserted,
    /// and truncations. No crash, and the same reading wherever the one pass answers.
    @Test func mangledSamplesReadTheSameOrFallBack() throws {
        var generator = SeededGenerator(seed: 20_261_130)
        let text = String(decoding: try Samples.data(Self.sample), as: UTF8.self)
        // The first three countries: every field, nested names, currencies and translations.
        let third = try #require(text.range(of: "\n  },\n  {", options: [], range: text.index(text.startIndex, offsetBy: 12_000)..<text.endIndex))
        let sample = Array((text[..<third.lowerBound] + "\n  }\n]").utf8)
        #expect(RESTCountriesScanner.countries(Data(sample)) != nil)
        let junk: [UInt8] = Array(#"{}[]",:0-.eE"\ 1a"#.utf8) + [0x00, 0xFF, 0xC3, 0x09, 0x6E]
        let bodies = Mangled.copies(of: sample, count: 300, cutEvery: 30, junk: junk, using: &generator)
        let readings = bodies.map(RESTCountriesScanner.countries)
        for (round, body) in bodies.enumerated() { expectSameReading(body, "round \(round)", countries: readings[round]) }
        #expect(readings.contains { $0 != nil })
    }
}
