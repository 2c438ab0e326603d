import Foundation
import ProgramTestSupport
import TestSupport
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

/// `[[watches]]` in the config: every key checked where it is written, file:line errors that
/// say what to fix (jq's own message for a selector), secrets masked when printed.
@Suite struct WatchConfigTests {
    init() {
        CostlyConfigChecks.enable()
    }

    func parse(_ text: String) throws(ConfigError) -> Config {
        try ConfigLoader.parse(text, file: "c.toml")
    }

    @Test func readsAWatch() throws {
        let config = try parse(
            """
            [[watches]]
            name = "swift-stars"
            url = "https://api.github.com/repos/swiftlang/swift"
            select = ".stargazers_count"
            interval = "5m"
            above = 70000
            rearm = 69000
            for = "10m"
            title = "Swift has {value} stars"
            flap = { crossings = 4, within = "2h" }
            """)
        let watch = try #require(config.watches.first)
        #expect(config.watches.count == 1)
        #expect(watch.above == 70000 && watch.rearm == 69000 && watch.interval == .seconds(300) && watch.forDuration == .seconds(600))
        #expect(watch.rule.conditions.above == 70000)
    }

    @Test(arguments: [
        (
            "[[watches]]\nname = \"a\"\nurl = \"https://x.org\"\nselect = \".items[0\"\n", 4,
            "watches[0].select is not a selector jq can run: jq: error: syntax error"
        ),
        ("[[watches]]\nname = \"a\"\nurl = \"https://x.org\"\n", 1, "watches[0] needs select = …"),
        ("[[watches]]\nname = \"a\"\nselect = \".a\"\n", 1, "watches[0].url or command is needed"),
        ("[[watches]]\nname = \"a\"\nurl = \"ftp://x.org\"\nselect = \".a\"\n", 3, "watches[0].url must be an http:// or https:// URL"),
        (
            "[[watches]]\nname = \"a\"\ncommand = \"sensors -j\"\nselect = \".a\"\n", 3,
            "watches[0].command must be a command as a list such as [\"sensors\", \"-j\"]"
        ),
        ("[[watches]]\nname = \"a\"\nurl = \"https://x.org\"\nselect = \".a\"\nabove = 5\nrearm = 6\n", 6, "watches[0].rearm must be at or below above = 5"),
        ("[[watches]]\nname = \"a\"\nurl = \"https://x.org\"\nselect = \".a\"\nchange_percent = 5\n", 1, "watches[0].window is needed with change_percent"),
        ("[[watches]]\nname = \"a\"\nurl = \"https://x.org\"\nselect = \".a\"\nmatches = \"(v\"\n", 5, "watches[0].matches is not a regular expression"),
        ("[[watches]]\nname = \"a\"\nurl = \"https://x.org\"\nselect = \"/a~2\"\n", 4, "watches[0].select is not a selector jq can run: is a JSON Pointer"),
        ("[[watches]]\nname = \"a\"\nurl = \"https://x.org\"\nselect = \".a\"\ntitle = \"{nme}\"\n", 5, "watches[0].title uses {nme}"),
        (
            "[[watches]]\nname = \"a\"\nurl = \"https://x.org\"\nselect = \".a\"\nheaders = { A = \"${env:NOTIFIER_TEST_UNSET_VARIABLE}\" }\n", 5,
            "watches[0].headers A names ${env:NOTIFIER_TEST_UNSET_VARIABLE}, but the environment variable NOTIFIER_TEST_UNSET_VARIABLE is not set"
        ),
        (
            "[[watches]]\nname = \"a\"\nurl = \"https://x.org\"\nselect = \".a\"\nheaders = { A = \"${file:/nonexistent/secret}\" }\n", 5,
            "watches[0].headers A names ${file:/nonexistent/secret}, which cannot be read"
        ),
        (
            "[[watches]]\nname = \"a\"\nurl = \"https://x.org\"\nselect = \".a\"\nheaders = { A = \"${home}\" }\n", 5,
            "watches[0].headers A has ${home}, which is not ${env:NAME} or ${file:PATH}"
        ),
    ])
    func aMistakeIsNamedWithItsLine(text: String, line: Int, message: String) {
        // As `config check` reads it: a secret that cannot be had is its error alone.
        #expect {
            _ = try ConfigLoader.review(try parse(text), text: text, file: "c.toml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == line && error.message.hasPrefix(message)
        }
    }

    @Test func checkShowsReferencesNeverSecrets() throws {
        var config = try parse(
            """
            [[watches]]
            name = "a"
            enabled = false
            url = "https://x.org/?token=abcdefghijklmnop"
            select = ".a"
            headers = { Authorization = "Bearer sk-literal-secret-123", Accept = "application/json", X-Key = "${env:KEY}" }
            """)
        let rendered = config.renderedTOML()
        #expect(rendered.contains("headers = { Accept = \"application/json\", Authorization = \"Bearer ***\", X-Key = \"${env:KEY}\" }"), "\(rendered)")
        #expect(!rendered.contains("sk-literal-secret-123") && !rendered.contains("abcdefghijklmnop"))
        #expect(!rendered.contains("above ="), "unset keys are left out")
        config.watches = []
        #expect(!config.renderedTOML().contains("[[watches]]"))
    }

    @Test func theDefaultFileShowsAnExampleThatIsOff() throws {
        let text = DefaultConfig.text
        #expect(text.contains("[[watches]]\n"))
        let config = try parse(text)
        #expect(config.watches.map(\.name) == ["swift-stars"])
        #expect(config.watches.first?.enabled == false)
        #expect(config == Config())
    }
}
