import Foundation
import Logging
import NotifierSystem
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierEngine
@testable import NotifierHolidays

/// What a view asks the holidays' round to fetch and keep: read strictly (the daemon takes it
/// from its bus), kept by the round only where it fetches.
@Suite struct HolidayDaysTests {
    static func date(_ text: String) -> CivilDate { CivilDate(string: text)! }

    @Test func aWeekReadsBackAsItIsSaid() throws {
        let days = try #require(HolidayDays("2031-06-23/2031-06-29"))
        #expect(days.start == Self.date("2031-06-23") && days.end == Self.date("2031-06-29"))
        #expect(days.request == "2031-06-23/2031-06-29")
        #expect(HolidayDays("2031-06-23/2031-06-23") != nil, "one day")
        #expect(HolidayDays("2031-06-01/2031-07-01") != nil, "a month: 31 days")
    }

    @Test(arguments: [
        "", "/", "2031-06-23", "2031-06-23/", "/2031-06-29", "2031-06-29/2031-06-23", "2031-06-01/2031-07-02",
        "2031-06-23/2031-06-29/2031-06-30", "2031-06-23/2031-06-2x", " 2031-06-23/2031-06-29", "1899-12-31/1900-01-01",
        "2200-12-31/2201-01-01", "2031-06-23--2031-06-29", String(repeating: "2031-06-23/", count: 100),
    ])
    func anythingElseIsRefused(_ request: String) {
        #expect(HolidayDays(request) == nil)
    }

    static func environment(_ config: Config, store: Store?) -> FeedEnvironment {
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        return FeedEnvironment(
            config: config, paths: XDGPaths(environment: [:]), http: HTTPClient(), clock: ContinuousClock(), now: { Date() },
            logger: logger, store: store, delivery: KeptDecisions(), engine: StoredEngine(store: store, logger: logger), seed: nil, launch: false)
    }

    @Test func theRoundKeepsAWeekOnlyWhereItFetches() async throws {
        actor Count {
            var calls = 0
            func add() { calls += 1 }
        }
        let count = Count()
        let server = try await LoopbackServer.start([
            (
                "POST /holidays",
                { _ in
                    await count.add()
                    return LoopbackServer.json(Data(#"{"error":false,"holidays":{}}"#.utf8))
                }
            )
        ])
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path, migrations: StoreMigration.holidays)
        var config = Config()
        config.holidays.source = .remote
        config.holidays.baseURL = server.baseURL + "/holidays"
        config.holidays.apiKey = "k"
        let kind = HolidaysFeedKind()
        let week = "2031-06-23/2031-06-29"
        #expect(await kind.fetchAndKeep(week, Self.environment(config, store: store)) == .kept)
        #expect(await kind.fetchAndKeep(week, Self.environment(config, store: store)) == .kept, "kept: the second asks nothing")
        #expect(await count.calls == 1)
        let source = HolidaySource(config: config, store: store, http: HTTPClient())
        #expect(source.cached(from: Self.date("2031-06-23"), through: Self.date("2031-06-29"), now: Date()) == [])
        #expect(source.cached(from: Self.date("2031-06-23"), through: Self.date("2031-06-30"), now: Date()) == nil, "a day not kept")

        #expect(await kind.fetchAndKeep("2031-06-23", Self.environment(config, store: store)) == .notKept, "not a request of its own")
        #expect(await kind.fetchAndKeep(week, Self.environment(config, store: nil)) == .notKept, "no store to keep it in")
        var off = config
        off.holidays.enabled = false
        #expect(await kind.fetchAndKeep("2031-07-01/2031-07-07", Self.environment(off, store: store)) == .notKept, "the feed is off")
        var embedded = config
        embedded.holidays.source = .embedded
        #expect(await kind.fetchAndKeep("2031-07-01/2031-07-07", Self.environment(embedded, store: store)) == .notKept, "computed: nothing to keep")
        var refused = config
        refused.holidays.apiKey = ""
        #expect(await kind.fetchAndKeep("2031-07-01/2031-07-07", Self.environment(refused, store: store)) == .failed)
        #expect(await count.calls == 1)
        await server.stop()
    }
}
