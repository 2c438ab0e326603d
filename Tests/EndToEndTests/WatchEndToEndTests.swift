import FlyingFox
import Foundation
import NotifierSystem
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

/// `[[watches]]` as a person meets them: `notifier --once` (a fresh process each time, so every
/// run is also a restart) against a loopback server scripted with JSON.
@Suite(.serialized, .sharingTheMachine) struct WatchEndToEndTests {
    /// What the server answers next, and what it was asked.
    actor Script {
        var responses: [(HTTPStatusCode, Data, [HTTPHeader: String])] = []
        var fallback: (HTTPStatusCode, Data, [HTTPHeader: String]) = (.ok, Data("{}".utf8), [:])
        var requests: [FlyingFox.HTTPRequest] = []
        func set(_ body: String, status: HTTPStatusCode = .ok, headers: [HTTPHeader: String] = [:]) {
            fallback = (status, Data(body.utf8), headers)
        }
        func response(for request: FlyingFox.HTTPRequest) -> (HTTPStatusCode, Data, [HTTPHeader: String]) {
            requests.append(request)
            return fallback
        }
        func header(_ name: String) -> [String] { requests.compactMap { $0.headers[HTTPHeader(name)] } }
    }

    static func serve(_ script: Script) async throws -> LoopbackServer {
        try await LoopbackServer.start([
            (
                "GET /*",
                { request in
                    let (status, body, headers) = await script.response(for: request)
                    return LoopbackServer.json(body, status: status, headers: headers)
                }
            )
        ])
    }

    static let othersOff = "[rules.launch_country]\nenabled = false\n[feeds.crypto]\nenabled = false\n" + Sandbox.noHolidays + Sandbox.noForecast

    static func config(_ watches: String) -> String { othersOff + "\n" + watches }

    static func once(_ sandbox: Sandbox, _ extra: [String] = [], environment: [String: String] = [:]) async throws -> ProcessResult {
        try await ProcessRunner.notifier(["--once", "--output", "json"] + extra, environment: sandbox.environment(environment))
    }

    static func titles(_ result: ProcessResult) -> [String] {
        result.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["title"] as? String
        }
    }

    @Test func aLevelCrossedOnceIsOneNotificationWithItsLink() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        defer { Task { await server.stop() } }
        let sandbox = try Sandbox(
            config: Self.config(
                """
                [[watches]]
                name = "stars"
                url = "\(server.baseURL)/repos/swift"
                select = ".stargazers_count"
                above = 70000
                rearm_percent = 0
                """))
        var outputs: [ProcessResult] = []
        for stars in [69_900, 70_100, 70_300, 69_950, 70_050] {
            await script.set("{\"stargazers_count\": \(stars), \"name\": \"swift\"}")
            let result = try await Self.once(sandbox)
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(result)
        }
        // rearm_percent = 0: no hysteresis, so 69,950 re-arms and 70,050 crosses again.
        #expect(outputs.map(Self.titles) == [[], ["stars rose above 70000: 70100"], [], [], ["stars rose above 70000: 70050"]])
        #expect(outputs[1].stdout.contains("\"url\":\"notifier://watch/stars\""), "\(outputs[1].stdout)")
        #expect(outputs[1].stdout.contains("\"deep_link\":\"notifier open watch stars\""))
        let view = try await ProcessRunner.notifier(["open", "watch", "stars"], environment: sandbox.environment())
        #expect(view.status == 0, "\(view.stderr)")
        #expect(view.stdout.contains("70050"), "\(view.stdout)")
        #expect(view.stdout.contains("(5 polls)"), "a sparkline of the stored values: \(view.stdout)")
        #expect(view.stdout.contains("\"stargazers_count\" : 70050"), "the JSON around the value: \(view.stdout)")
        let list = try await ProcessRunner.notifier(["list", "watches", "--json"], environment: sandbox.environment())
        #expect(list.stdout.contains("\"name\" : \"stars\""), "\(list.stdout)")
    }

    @Test func failuresThenTheSameValueAreNoCrossingOneFailingOneRecovered() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        defer { Task { await server.stop() } }
        let sandbox = try Sandbox(
            config: Self.config(
                """
                [[watches]]
                name = "level"
                url = "\(server.baseURL)/level"
                select = ".level"
                above = 100
                """))
        var titles: [[String]] = []
        for (status, body) in [
            (HTTPStatusCode.ok, "{\"level\": 120}"), (.serviceUnavailable, "busy"), (.serviceUnavailable, "busy"),
            (.serviceUnavailable, "busy"), (.serviceUnavailable, "busy"), (.ok, "{\"level\": 120}"), (.ok, "{\"level\": 121}"),
        ] {
            await script.set(body, status: status)
            titles.append(Self.titles(try await Self.once(sandbox)))
        }
        #expect(titles == [[], [], [], ["level: fetch is failing"], [], ["level: fetch works again"], []], "\(titles)")
    }

    @Test func aRenamedFieldIsTheNoMatchNoticeNeverAnAlert() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        defer { Task { await server.stop() } }
        let sandbox = try Sandbox(
            config: Self.config(
                """
                [[watches]]
                name = "stars"
                url = "\(server.baseURL)/repo"
                select = ".stargazers_count"
                below = 10
                change = true
                """))
        var titles: [[String]] = []
        for body in [
            "{\"stargazers_count\": 50}", "{\"stars\": 0}", "{\"stars\": 0}", "{\"stars\": 0}", "{\"stars\": 0}",
            "{\"stargazers_count\": null}", "{\"stargazers_count\": 50}",
        ] {
            await script.set(body)
            titles.append(Self.titles(try await Self.once(sandbox)))
        }
        #expect(
            titles == [[], [], [], ["stars: .stargazers_count matched nothing in 3 fetches"], [], [], ["stars: .stargazers_count matches again"]],
            "no value is never 0 nor a change: \(titles)")
    }

    @Test func eachNewTagOnceAndNoneAfterARestart() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        defer { Task { await server.stop() } }
        let sandbox = try Sandbox(
            config: Self.config(
                """
                [[watches]]
                name = "releases"
                url = "\(server.baseURL)/releases"
                select = ".[].tag_name"
                appears = true
                """))
        func tags(_ names: [String]) -> String { "[" + names.map { "{\"tag_name\": \"\($0)\"}" }.joined(separator: ",") + "]" }
        var titles: [[String]] = []
        for list in [["v1.0", "v1.1"], ["v1.2", "v1.0", "v1.1"], ["v1.2", "v1.0", "v1.1"], ["v2.0", "v1.3", "v1.2", "v1.1"], ["v2.0", "v1.3"]] {
            await script.set(tags(list))
            titles.append(Self.titles(try await Self.once(sandbox)).sorted())
        }
        #expect(titles == [[], ["releases: new v1.2"], [], ["releases: new v1.3", "releases: new v2.0"], []], "\(titles)")
    }

    @Test func forHoldsAcrossARestart() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        defer { Task { await server.stop() } }
        let sandbox = try Sandbox(
            config: Self.config(
                """
                [[watches]]
                name = "temp"
                url = "\(server.baseURL)/temp"
                select = "/sensors/0/celsius"
                above = 80
                for = "2s"
                title = "{name} hot: {value} °C (was {previous})"
                """))
        await script.set("{\"sensors\": [{\"celsius\": 70}]}")
        #expect(Self.titles(try await Self.once(sandbox)) == [])
        await script.set("{\"sensors\": [{\"celsius\": 85}]}")
        #expect(Self.titles(try await Self.once(sandbox)) == [], "pending: not yet for 2 s")
        try await Task.sleep(for: .milliseconds(2200))
        await script.set("{\"sensors\": [{\"celsius\": 86}]}")
        #expect(Self.titles(try await Self.once(sandbox)) == ["temp hot: 86 °C (was 85)"], "held 2 s, across two processes")
    }

    @Test func aMoveWithinTheWindow() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        defer { Task { await server.stop() } }
        let sandbox = try Sandbox(
            config: Self.config(
                """
                [[watches]]
                name = "price"
                url = "\(server.baseURL)/price"
                select = ".price"
                change_percent = 5
                window = "1h"
                """))
        var titles: [[String]] = []
        for price in ["100", "102", "\"n/a\"", "106", "107"] {
            await script.set("{\"price\": \(price)}")
            titles.append(Self.titles(try await Self.once(sandbox)))
        }
        #expect(titles == [[], [], [], ["price +6 % within 1 h: 106"], []], "\(titles)")
    }

    @Test func aCommandWatch() async throws {
        let sandbox = try Sandbox(
            config: Self.config(
                """
                [[watches]]
                name = "disk"
                command = ["printf", "{\\"free_gb\\": 7}"]
                select = ".free_gb"
                below = 10

                [[watches]]
                name = "broken"
                command = ["sh", "-c", "echo 'sensor offline' >&2; exit 3"]
                select = "."
                change = true
                """))
        let first = try await Self.once(sandbox, ["--dry-run"])
        #expect(first.stdout.contains("watch disk: .free_gb → 7 (exit 0); disk:below beyondFire"), "\(first.stdout)")
        #expect(
            first.stdout.contains(
                "watch broken: no data, so no alert (watch broken feed: RUN sh -c echo 'sensor offline' >&2; exit 3 exited with status 3: 'sensor offline')"),
            "\(first.stdout)")
        let result = try await Self.once(sandbox)
        #expect(Self.titles(result) == [], "first seen below: no crossing seen")
        #expect(result.stderr.contains("exited with status 3: 'sensor offline'"), "\(result.stderr)")
    }

    @Test func aSelectorThatNeverEndsIsStoppedAndTheOthersGoOn() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        defer { Task { await server.stop() } }
        await script.set("{\"n\": 5}")
        let sandbox = try Sandbox(
            config: Self.config(
                """
                [[watches]]
                name = "forever"
                url = "\(server.baseURL)/a"
                select = "repeat(.)"
                change = true

                [[watches]]
                name = "spin"
                url = "\(server.baseURL)/c"
                select = "last(repeat(.))"
                change = true

                [[watches]]
                name = "fine"
                url = "\(server.baseURL)/b"
                select = ".n"
                above = 3
                """))
        _ = try await Self.once(sandbox)
        await script.set("{\"n\": 1}")
        _ = try await Self.once(sandbox)
        await script.set("{\"n\": 5}")
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await Self.once(sandbox)
        #expect(clock.now - start < .seconds(15))
        #expect(
            Self.titles(result).sorted() == [
                "fine rose above 3: 5", "forever: repeat(.) matched nothing in 3 fetches",
                "spin: last(repeat(.)) matched nothing in 3 fetches",
            ], "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "watch spin feed: GET \(server.baseURL)/c: last(repeat(.)) found no value (the selector ran longer than 1 s and was stopped)"),
            "\(result.stderr)")
        #expect(result.stderr.contains("repeat(.) found no value (the selector selected more than 1024 KiB and was stopped)"), "\(result.stderr)")
    }
}
