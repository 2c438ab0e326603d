import Foundation
import ProgramTestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// `flap = { crossings = 4, within = "2h" }` per crypto rule, checked like every other setting.
struct FlapConfigTests {
    static let errors: [(String, String)] = [
        (
            "[rules.crypto_change]\nflap = 4\n",
            "config.toml:2: rules.crypto_change.flap must be an inline table such as { crossings = 4, within = \"2h\" }, or {} for off, got 4"
        ),
        (
            "[rules.crypto_move]\n\nflap = { crossings = 1, within = \"2h\" }\n",
            "config.toml:3: rules.crypto_move.flap needs crossings, a whole number from 2 to 1000 (0 for off), got 1"
        ),
        (
            "[rules.crypto_cross]\nflap = { crossings = 4, within = \"soon\" }\n",
            "config.toml:2: rules.crypto_cross.flap needs within, a duration of at least \"1m\" such as \"2h\", got \"soon\""
        ),
        (
            "[rules.crypto_change]\nflap = { crossings = 4, within = \"2h\", times = 3 }\n",
            "config.toml:2: rules.crypto_change.flap has \"times\", which is not crossings or within"
        ),
        (
            "[rules.crypto_change]\nflap = { within = \"2h\" }\n",
            "config.toml:2: rules.crypto_change.flap needs crossings"
        ),
    ]

    @Test(arguments: errors)
    func badFlapSettingsNameTheFileLineAndKey(_ text: String, _ expected: String) {
        do {
            _ = try ConfigLoader.parse(text, file: "config.toml")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.hasPrefix(expected), "got: \(error.description)")
        }
    }

    @Test func onForTheCryptoRulesByDefaultOffWithAnEmptyTableOrZero() throws {
        #expect(Config().cryptoChange.rule.policy.flap == FlapPolicy(crossings: 4, within: .seconds(7200)))
        #expect(Config().cryptoMove.rule.policy.flap != nil)
        #expect(Config().cryptoCross.rule.policy.flap == nil, "a level the user chose is told as before unless asked")
        let off = try ConfigLoader.parse("[rules.crypto_change]\nflap = {}\n[rules.crypto_move]\nflap = { crossings = 0, within = \"1h\" }\n", file: "c")
        #expect(off.cryptoChange.flap == nil && off.cryptoMove.flap == nil)
        let set = try ConfigLoader.parse("[rules.crypto_cross]\nflap = { crossings = 6, within = \"90m\" }\n", file: "c")
        #expect(set.cryptoCross.flap == FlapPolicy(crossings: 6, within: .seconds(5400)))
        #expect(try ConfigLoader.parse(set.renderedTOML(), file: "x") == set, "the rendered config reads back the same")
        #expect(try ConfigLoader.parse(off.renderedTOML(), file: "x") == off)
    }
}
