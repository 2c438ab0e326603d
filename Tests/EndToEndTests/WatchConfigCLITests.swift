import FlyingFox
import Foundation
import TestSupport
import Testing

/// The watches' config as the built program reads it.
@Suite(.sharingTheMachine) struct WatchConfigCLITests {
    /// A view loads the config without compiling selectors: `open` stays fast with many watches.
    @Test func aViewDoesNotCompileSelectors() async throws {
        let sandbox = try TestSupport.Sandbox(config: "[[watches]]\nname = \"a\"\nurl = \"https://x.org\"\nselect = \".items[0\"\n")
        let view = try await ProcessRunner.notifier(["list", "watches"], environment: sandbox.environment())
        #expect(view.status == 0, "\(view.stderr)")
        let check = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(check.status == 2 && check.stderr.contains(":4: watches[0].select is not a selector jq can run: jq: error: syntax error"), "\(check.stderr)")
    }

    /// A variable the menu's `notifier status` lacks takes down no view; `config check` names
    /// it with its line; `--once` fails that watch and polls the others.
    @Test func aMissingVariableStopsOnlyItsOwnWatch() async throws {
        let script = WatchEndToEndTests.Script()
        let server = try await WatchEndToEndTests.serve(script)
        defer { Task { await server.stop() } }
        await script.set("{\"n\": 5}")
        let sandbox = try Sandbox(
            config: WatchEndToEndTests.config(
                """
                [[watches]]
                name = "private"
                url = "\(server.baseURL)/private"
                select = ".n"
                above = 3
                headers = { Authorization = "Bearer ${env:UNSET_WATCH_TOKEN}" }

                [[watches]]
                name = "public"
                url = "\(server.baseURL)/public"
                select = ".n"
                above = 3
                """))
        for view in [["status"], ["list", "watches"], ["open", "watch", "private"], ["list", "reminders"], ["status", "--json"]] {
            let run = try await ProcessRunner.notifier(view, environment: sandbox.environment())
            #expect(run.status == 0, "\(view): \(run.stderr)")
            #expect(!run.stderr.contains("UNSET_WATCH_TOKEN"), "\(view): \(run.stderr)")
        }
        let check = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(check.status == 2)
        #expect(
            check.stderr.contains(
                "config.toml:\(WatchEndToEndTests.othersOff.count(where: { $0 == "\n" }) + 7): watches[0].headers Authorization names ${env:UNSET_WATCH_TOKEN}, but the environment variable UNSET_WATCH_TOKEN is not set"
            ), "\(check.stderr)")
        let once = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
        #expect(once.status == 0, "one of two watches failed: \(once.stderr)")
        #expect(
            once.stderr.contains("watch private feed: GET \(server.baseURL)/private header Authorization names ${env:UNSET_WATCH_TOKEN}, but"),
            "\(once.stderr)")
        #expect(await script.requests.map(\.path) == ["/public"], "the other watch is polled")
    }

    /// Mistakes a person makes in the file: each with its line, and what was likely meant.
    @Test func typosHaveALineAndASuggestion() async throws {
        for (text, expected) in [
            ("[[watch]]\nname = \"a\"\n", "config.toml:1: unknown key 'watch'; did you mean [[watches]]?"),
            ("\n[[reminder]]\nname = \"a\"\n", "config.toml:2: unknown key 'reminder'; did you mean [[reminders]]?"),
            ("[views]\nweek_first_day = \"monday\n", "config.toml:2: not valid TOML: this string has no closing quote (\")"),
            ("[[watches]]\nname = \"a\"\nabvoe = 1\n", "config.toml:3: watches[0].abvoe is not a key of [[watches]]; known keys: name,"),
            ("[[watches]]\nname = \"a\"\nabvoe = 1\n", "; did you mean above?"),
        ] {
            let sandbox = try Sandbox(config: text)
            for arguments in [["config", "check"], ["status"]] {
                let run = try await ProcessRunner.notifier(arguments, environment: sandbox.environment())
                #expect(run.status == 2, "\(arguments): \(run.stderr)")
                #expect(run.stderr.contains(expected), "\(arguments): \(run.stderr)")
                #expect(!run.stderr.contains("unescaped control"), "\(run.stderr)")
            }
        }
    }

    /// A watch without a condition is valid but tells nothing: `config check` warns, exit 0.
    @Test func aWatchWithNoConditionIsAWarning() async throws {
        let sandbox = try Sandbox(config: "[[watches]]\nname = \"quiet\"\nurl = \"https://example.org/x\"\nselect = \".n\"\n")
        let check = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(check.status == 0, "\(check.stderr)")
        #expect(
            check.stderr.contains(
                "notifier warning: \(sandbox.configFile.path):1: watches[0] (quiet) has no condition (above, below, change, change_percent, matches, appears): it would store the value and tell nothing"
            ), "\(check.stderr)")
        #expect(check.stdout.contains("# ok"))
        let view = try await ProcessRunner.notifier(["list", "watches"], environment: sandbox.environment())
        #expect(!view.stderr.contains("no condition"), "a view does not nag: \(view.stderr)")
    }
}
