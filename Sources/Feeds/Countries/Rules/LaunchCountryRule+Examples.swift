import Foundation
import NotifierEngine

extension LaunchCountryRule {
    static let kazakhstan = Country(
        cca2: "KZ", cca3: "KAZ", flag: "🇰🇿", commonName: "Kazakhstan",
        officialName: "Republic of Kazakhstan", capitals: ["Astana"], region: "Asia",
        subregion: "Central Asia", continents: ["Asia"], population: 18_754_440, area: 2_724_900,
        currencies: [.init(code: "KZT", name: "Kazakhstani tenge", symbol: "₸")],
        languages: [.init(code: "kaz", name: "Kazakh"), .init(code: "rus", name: "Russian")]
    )

    static let antarctica = Country(
        cca2: "AQ", cca3: "ATA", flag: "🇦🇶", commonName: "Antarctica", officialName: "Antarctica",
        region: "Antarctic", continents: ["Antarctica"], population: 1000, area: 14_000_000
    )

    public static let examples: [RuleExample] = [
        RuleExample(
            "a country with every field",
            .fires { alerts in
                let alert = alerts[0]
                return alert.title == "🇰🇿 Kazakhstan"
                    && alert.body.contains("Capital: Astana")
                    && alert.body.contains("Region: Asia · Central Asia")
                    && alert.body.contains("Population: 18,754,440 · Area: 2,724,900 km²")
                    && alert.body.contains("Currencies: Kazakhstani tenge (KZT, ₸)")
                    && alert.body.contains("Languages: Kazakh, Russian")
                    && alert.deepLink.command == "notifier open country KZ"
            }
        ) {
            [LaunchCountryRule().alert(for: kazakhstan, locale: Locale(identifier: "en_US"))].compactMap { $0 }
        },
        RuleExample(
            "a country with no capital, currency or language",
            .fires { alerts in
                alerts[0].body.hasPrefix("Capital: none\nRegion: Antarctic\n")
                    && !alerts[0].body.contains("Currencies")
            }
        ) {
            [LaunchCountryRule().alert(for: antarctica, locale: Locale(identifier: "en_US"))].compactMap { $0 }
        },
        RuleExample("a code that cannot be a deep link", .staysSilent) {
            var bad = kazakhstan
            bad.cca2 = "K;"
            return [LaunchCountryRule().alert(for: bad, locale: Locale(identifier: "en_US"))].compactMap { $0 }
        },
        RuleExample("no countries to pick from", .staysSilent) {
            var generator = SeededGenerator(seed: 1)
            return LaunchCountryRule().pick(among: 0, using: &generator).map { _ in [] } ?? []
        },
    ]
}
