import Foundation
import NotifierCountries
import NotifierEngine
import Testing

@Suite struct LaunchCountryTests {
    @Test func aSeedFixesTheChoice() {
        var first = SeededGenerator(seed: 42)
        var second = SeededGenerator(seed: 42)
        let rule = LaunchCountryRule()
        let a = (0..<20).map { _ in rule.pick(among: 250, using: &first)! }
        let b = (0..<20).map { _ in rule.pick(among: 250, using: &second)! }
        #expect(a == b)
        #expect(Set(a).count > 10, "the choices should vary")
        var third = SeededGenerator(seed: 43)
        #expect(a != (0..<20).map { _ in rule.pick(among: 250, using: &third)! })
    }

    @Test func numbersFollowTheLocale() {
        let country = Country(
            cca2: "KZ", cca3: "KAZ", flag: "🇰🇿", commonName: "Kazakhstan", officialName: "Kazakhstan",
            region: "Asia", population: 18_754_440, area: 2_724_900)
        let german = LaunchCountryRule().alert(for: country, locale: Locale(identifier: "de_DE"))!
        #expect(german.body.contains("18.754.440"))
        let english = LaunchCountryRule().alert(for: country, locale: Locale(identifier: "en_US"))!
        #expect(english.body.contains("18,754,440"))
    }
}

@Suite struct DeepLinkTests {
    @Test(arguments: ["KZ", "kz", "EE"])
    func validCountryCodes(_ code: String) {
        let link = DeepLink.country(code)
        #expect(link?.arguments == ["open", "country", code.uppercased()])
        #expect(link?.url == "notifier://country/\(code.uppercased())")
    }

    @Test(arguments: ["", "K", "KAZ", "K;", "$(", "../", "KZ\n", "ÄÖ", "K Z", "🇰🇿"])
    func hostileCountryCodesAreRejected(_ code: String) {
        #expect(DeepLink.country(code) == nil)
    }
}
