import Foundation
import NotifierSystem
import ProgramTestSupport
import TestSupport
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

@Suite struct ConfigTests {
    @Test func theEmbeddedDefaultIsTheDocumentedFile() throws {
        let file = try String(contentsOf: Samples.packageRoot.appendingPathComponent("config/notifier.toml"), encoding: .utf8)
        #expect(DefaultConfig.text == file, "run scripts/embed-config after editing config/notifier.toml")
    }

    @Test func theDefaultFileSaysWhatTheCodeDefaultsTo() throws {
        #expect(try ConfigLoader.parse(DefaultConfig.text, file: "notifier.toml") == Config())
    }

    @Test func theRenderedConfigReadsBackTheSame() throws {
        var config = Config()
        config.launchCountry.delaySeconds = 17
        config.crypto.interval = .seconds(90)
        config.countries.source = .restCountriesV3
        config.delivery.quietHours = try QuietHours(start: "22:00", end: "07:30")
        config.crypto.symbols = ["BTC", "SOL"]
        config.cryptoChange.threshold = 7.5
        config.cryptoChange.window = .hour
        config.cryptoChange.overrides = ["BTC": .init(threshold: 3, rearm: 2.5), "ETH": .init(threshold: 8, rearm: 6)]
        config.cryptoChange.repeatInterval = .seconds(7200)
        config.cryptoChange.titleTemplate = "{symbol} \"moved\" {change}"
        config.crypto.degradedAfter = 3
        config.cryptoMove.overrides = ["DOGE": .init(threshold: 8, rearm: 5)]
        config.delivery.groupWindow = .seconds(120)
        #expect(try ConfigLoader.parse(config.renderedTOML(), file: "x") == config)
    }

    @Test func keysOverrideDefaults() throws {
        let config = try ConfigLoader.parse(
            """
            [feeds.countries]
            source = "restcountries-v3"
            base_url = "http://127.0.0.1:8080/v3.1"

            [rules.launch_country]
            delay_seconds = 0
            """, file: "config.toml")
        #expect(config.countries.source == .restCountriesV3)
        #expect(config.countries.baseURL == "http://127.0.0.1:8080/v3.1")
        #expect(config.launchCountry.delaySeconds == 0)
        #expect(config.crypto == Config().crypto)
    }

    static let errors: [(String, String)] = [
        (
            "# comment\n[rules.launch_country]\nenabled = true\n\ndelay_seconds = 90\n",
            "config.toml:5: rules.launch_country.delay_seconds must be between 0 and 60, got 90"
        ),
        (
            "[rules.launch_country]\ndelay_seconds = \"3\"\n",
            "config.toml:2: rules.launch_country.delay_seconds must be a whole number, got \"3\""
        ),
        ("[feeds.crypto]\nenabled = \"yes\"\n", "config.toml:2: feeds.crypto.enabled must be true or false, got \"yes\""),
        (
            "[feeds.crypto]\ninterval = \"soon\"\n",
            "config.toml:2: feeds.crypto.interval must be a duration such as \"30s\", \"15m\", \"6h\" or \"1d\", got \"soon\""
        ),
        ("[feeds.crypto]\ninterval = \"1s\"\n", "config.toml:2: feeds.crypto.interval must be at least 10s, got \"1s\""),
        (
            "[feeds.crypto]\nbase_url = \"file:///etc/passwd\"\n",
            "config.toml:2: feeds.crypto.base_url must be an http:// or https:// URL, got \"file:///etc/passwd\""
        ),
        (
            "[feeds.countries]\nsource = \"restcountries\"\n",
            "config.toml:2: feeds.countries.source must be one of \"embedded\", \"restcountries-v5\", \"restcountries-v3\", got \"restcountries\""
        ),
        (
            "[feeds.crypto]\nenabled = true\nsymbol = \"BTC\"\n",
            "config.toml:3: unknown key 'feeds.crypto.symbol'; known keys here: enabled, base_url, interval"
        ),
        ("[feeds.weather]\nenabled = true\n", "config.toml:1: unknown key 'feeds.weather'; known keys here: "),
        ("feeds = 3\n", "config.toml:1: feeds must be a table ([feeds])"),
        (
            "[rules.launch_country]\ndelay_seconds = [1]\n",
            "config.toml:2: rules.launch_country.delay_seconds must be a whole number, got [1]"
        ),
        ("[feeds.crypto\nenabled = true\n", "config.toml:1: not valid TOML"),
        ("[feeds.crypto]\nenabled = true\nenabled = false\n", "config.toml:3: not valid TOML"),
        (
            "[delivery]\nquiet_hours = \"22-08\"\n",
            "config.toml:2: delivery.quiet_hours must be a range of local times such as \"22:00-08:00\", or \"\" for none, got \"22-08\""
        ),
        (
            "[delivery]\nrate_limit_per_minute = 0\n",
            "config.toml:2: delivery.rate_limit_per_minute must be between 1 and 1000, got 0"
        ),
        (
            "[feeds.crypto]\nsymbols = \"BTC\"\n",
            "config.toml:2: feeds.crypto.symbols must be a list of coin symbols such as [\"BTC\", \"ETH\"], got \"BTC\""
        ),
        (
            "[feeds.crypto]\nsymbols = [\"BTC\", \"$(rm)\"]\n",
            "config.toml:2: feeds.crypto.symbols must be a list of coin symbols"
        ),
        (
            "[rules.crypto_change]\nthreshold_percent = 3\nrearm_percent = 3.5\n",
            "config.toml:3: rules.crypto_change.rearm_percent must be below threshold_percent (3), got 3.5"
        ),
        (
            "[rules.crypto_change]\nthreshold_percent = \"5%\"\n",
            "config.toml:2: rules.crypto_change.threshold_percent must be a number, got \"5%\""
        ),
        (
            "[rules.crypto_change]\nwindow = \"1d\"\n",
            "config.toml:2: rules.crypto_change.window must be one of \"1h\", \"24h\", \"7d\", got \"1d\""
        ),
        (
            "[rules.crypto_cross]\nlevels = [\"BTC >= 100000\"]\n",
            "config.toml:2: rules.crypto_cross.levels has \"BTC >= 100000\", which is not \"SYMBOL > PRICE\" or \"SYMBOL < PRICE\""
        ),
        (
            "[rules.crypto_move]\npercent = 2\n",
            "config.toml:1: rules.crypto_move.rearm_percent must be below percent (2), got 2"
        ),
        (
            "[rules.crypto_change]\noverrides = { BTC = { threshold_percent = 3 } }\n",
            "config.toml:2: rules.crypto_change.overrides BTC needs threshold_percent and a smaller rearm_percent, both numbers"
        ),
        (
            "[rules.crypto_change]\noverrides = 3\n",
            "config.toml:2: rules.crypto_change.overrides must be a table of coins"
        ),
        (
            "[rules.crypto_change]\ntitle = \"{symbol} {chnage}\"\n",
            "config.toml:2: rules.crypto_change.title uses {chnage}, which is not one of {symbol} {name} {change} {window} {arrow} {price} {threshold}"
        ),
        (
            "[rules.crypto_change]\nrepeat = \"often\"\n",
            "config.toml:2: rules.crypto_change.repeat must be a duration such as \"2h\", or \"\" for none, got \"often\""
        ),
        (
            "[feeds.crypto]\ndegraded_after = 0\n",
            "config.toml:2: feeds.crypto.degraded_after must be between 1 and 1000, got 0"
        ),
        (
            "rules.launch_country.delay_seconds = -1\n",
            "config.toml:1: rules.launch_country.delay_seconds must be between 0 and 60, got -1"
        ),
        // Found by `scripts/fuzz config`: toml++ asserts, aborting the program, on a table
        // header without a key and on an array element starting with '}'...
        (
            "[feeds.countries]\nsource = \"restcountries-v3\"\nbase_url = \"https://countries.example/v3.1\"\n\n"
                + "[feeds.forecast]\nsource = \"openweathermap\"\napi_key = \"abc\"\ninterval = \"10m\"\n\n"
                + "[\u{12}ules.launch_country]\ndelay_seconds = 60\n",
            "config.toml:10: not valid TOML: a table header needs a key after '['"
        ),
        ("[=]\n", "config.toml:1: not valid TOML: a table header needs a key after '['"),
        ("[views]\n  [[ #\n", "config.toml:2: not valid TOML: a table header needs a key after '['"),
        ("\u{FEFF}[\n", "config.toml:1: not valid TOML: a table header needs a key after '['"),
        ("[feeds.crypto]\nsymbols = [\"BTC\"]\n[\r\n", "config.toml:3: not valid TOML: a table header needs a key after '['"),
        ("[feeds.crypto]\nsymbols = [}}}}\"BTC\", \"DOGE\"s]\n", "config.toml:2: not valid TOML: an array needs a value or ']' before '}'"),
        ("[feeds.crypto]\nsymbols = [\"BTC\", # comment\r\n  }\n", "config.toml:3: not valid TOML: an array needs a value or ']' before '}'"),
        ("[rules.crypto_change]\noverrides = { BTC = [ } }\n", "config.toml:2: not valid TOML: an array needs a value or ']' before '}'"),
        // And on a date whose time breaks off.
        ("[feeds.crypto]\nstart = 1979-05-27T:\n", "config.toml:2: not valid TOML: a date-time needs its time right after the 'T' (1979-05-27T07:32:00)"),
        ("x = [1979-05-27t:]\n", "config.toml:1: not valid TOML: a date-time needs its time right after the 'T' (1979-05-27T07:32:00)"),
        ("x = {a = 1_979-05-27 0}\n", "config.toml:1: not valid TOML: a date-time needs its whole time after the space (1979-05-27 07:32:00)"),
        ("x = [1, 1979-05-27 0]\n", "config.toml:1: not valid TOML: a date-time needs its whole time after the space (1979-05-27 07:32:00)"),
        // A string left open: its own line, not toml++'s "unescaped control characters".
        ("[feeds.crypto]\nbase_url = \"https://example.org\n[views]\n", "config.toml:2: not valid TOML: this string has no closing quote (\")"),
        ("# a \"quoted\" comment\nx = 'open\r\n", "config.toml:2: not valid TOML: this string has no closing quote (')"),
        ("x = 1\ny = \"\"\"\nmany\nlines", "config.toml:2: not valid TOML: this string has no closing quote (\")"),
        ("x = \"last", "config.toml:1: not valid TOML: this string has no closing quote (\")"),
        // A mistyped array of tables has its line and the name it likely meant.
        ("x = 1\n[[watch]]\nname = \"a\"\n", "config.toml:2: unknown key 'watch'; did you mean [[watches]]?"),
        ("[[reminder]]\nname = \"a\"\n", "config.toml:1: unknown key 'reminder'; did you mean [[reminders]]?"),
        ("[feed.crypto]\nenabled = false\n", "config.toml:1: unknown key 'feed'; did you mean [feeds]?"),
        (
            "[feeds.crypto]\nsymbol = [\"BTC\"]\n",
            "config.toml:2: unknown key 'feeds.crypto.symbol'; known keys here: enabled, base_url, interval, symbols, top, degraded_after; did you mean 'symbols'?"
        ),
        ("[[watches]]\nname = \"a\"\nabvoe = 1\n", "config.toml:3: watches[0].abvoe is not a key of [[watches]]; known keys: name, enabled, url"),
    ]

    @Test(arguments: errors)
    func badValuesNameTheFileLineAndKey(_ text: String, _ expected: String) {
        do {
            _ = try ConfigLoader.parse(text, file: "config.toml")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.hasPrefix(expected), "got: \(error.description)")
        }
    }

    @Test func bracketsInStringsArraysAndCommentsAreNotHeaders() throws {
        let config = try ConfigLoader.parse(
            """
            # [= not a header
            [rules.crypto_change]
            title = '''
            [= {symbol}'''
            [feeds.crypto]
            symbols = [
              "BTC", # [=
            ]
            [ "views" ]
            week_first_day = "sunday"
            """, file: "config.toml")
        #expect(config.cryptoChange.titleTemplate == "[= {symbol}")
        #expect(config.views.weekFirstDay == "sunday")
        // A nested array at the start of a line is a value, not a header: the key's own error.
        let error = #expect(throws: ConfigError.self) { try ConfigLoader.parse("[feeds.crypto]\nsymbols = [\n[+1]]\n", file: "c") }
        #expect(error?.message.hasPrefix("feeds.crypto.symbols must be") == true)
    }

    @Test func environmentKeysWinAndAreMasked() throws {
        let sandbox = try Sandbox(config: "[feeds.countries]\napi_key = \"from-file\"\n")
        let loaded = try ConfigLoader.load(explicitPath: nil, environment: sandbox.environment(["NOTIFIER_RESTCOUNTRIES_KEY": "from-environment-1234"]))
        #expect(loaded.config.countries.apiKey == "from-environment-1234")
        #expect(loaded.file == sandbox.configFile.path)
        #expect(loaded.config.renderedTOML().contains("api_key = \"from…1234\""))
        #expect(!loaded.config.renderedTOML().contains("from-environment"))
    }

    @Test func numbersAndListsRead() throws {
        let config = try ConfigLoader.parse(
            "[feeds.crypto]\nsymbols = [\"btc\", \"Sol\"]\ntop = 0\n[rules.crypto_change]\nthreshold_percent = 2.5\nrearm_percent = 1\n", file: "c")
        #expect(config.crypto.symbols == ["BTC", "SOL"])
        #expect(config.crypto.top == 0)
        #expect(config.cryptoChange.threshold == 2.5 && config.cryptoChange.rearm == 1)
        #expect(try ConfigLoader.parse("[feeds.crypto]\nsymbols = []\n", file: "c").crypto.symbols.isEmpty)
    }

    @Test func anExplicitFileMustExist() {
        #expect(throws: ConfigError.self) { try ConfigLoader.load(explicitPath: "/nonexistent/notifier.toml", environment: [:]) }
    }

    @Test(arguments: [("30s", 30), ("15m", 900), ("6h", 21600), ("1d", 86400), ("1h30m", 5400), ("0s", 0)])
    func durationsParse(_ text: String, _ seconds: Int64) {
        #expect(Duration.parse(text) == .seconds(seconds))
        #expect(Duration.parse(Duration.seconds(seconds).configText) == .seconds(seconds))
    }

    @Test(arguments: ["", "s", "10", "10x", "-5s", "1.5h", "99999999999999999999d", "٣s"])
    func badDurationsDoNot(_ text: String) {
        #expect(Duration.parse(text) == nil)
    }

    @Test func xdgPathsFollowTheSpec() {
        let paths = XDGPaths(environment: ["HOME": "/home/u", "XDG_STATE_HOME": "relative/ignored"])
        #expect(paths.configHome == "/home/u/.config")
        #expect(paths.storePath == "/home/u/.local/state/notifier/notifier.sqlite")
        #expect(XDGPaths(environment: ["HOME": "/h", "XDG_STATE_HOME": "/s"]).storePath == "/s/notifier/notifier.sqlite")
    }
}
