import Foundation
import GRDB
import Logging
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierDelivery
@testable import NotifierProgram

/// `[history] delivery_days`: the delivery history and its search index pruned in small
/// batches off the delivery path, on a store of a million rows, and as `--once` does it.
@Suite(.serialized, .sharingTheMachine) struct HistoryPruneEndToEndTests {
    /// `count` deliveries, one every `every` seconds back from `now`; every thousandth body
    /// holds "needle".
    static func fill(_ store: Store, count: Int, every: Int, now: Date) throws {
        try store.write("filling the history") { db in
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                    INSERT INTO delivery (delivered_at, rule, key, title, body, urgency, deep_link, sink, reason, subject)
                    SELECT strftime('%Y-%m-%d %H:%M:%f', ?, '-' || (i * ?) || ' seconds'), 'watch', 'lvl', 'lvl changed to ' || i,
                        CASE WHEN i % 1000 = 0 THEN 'needle ' || i ELSE 'level reading' END, 'normal', 'notifier open watch lvl',
                        'desktop', 'changed', 'lvl:change'
                    FROM n
                    """, arguments: [count, now, every])
        }
    }

    static func count(_ store: Store, _ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws -> Int {
        try store.read("counting") { db in try Int.fetchOne(db, sql: sql, arguments: StatementArguments(arguments)) ?? -1 }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// A million rows, one a minute back from now (about 694 days): those older than a year
    /// go in batches while a delivery is recorded every 50 ms and the history searched, and a
    /// whole `--once` pass runs beside it; none waits long, the index stays in step.
    @Test func aMillionRowsArePrunedWithoutStallingAPassAndSearchStaysQuick() async throws {
        let sandbox = try Sandbox(config: WatchEndToEndTests.othersOff)
        let environment = sandbox.environment(["TZ": "UTC"])
        let made = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: environment)
        #expect(made.status == 0, "\(made.stderr)")
        let store = try Store(path: sandbox.storeFile.path)
        let now = Date()
        let filling = ContinuousClock.now
        // Half a minute of one write on two cores: on a thread of its own, since on the
        // cooperative pool it would stall the loopback servers of the tests beside it.
        try await offThePool { Result { try Self.fill(store, count: 1_000_000, every: 60, now: now) } }.get()
        print("HistoryPrune: 1,000,000 rows filled in \(ContinuousClock.now - filling)")
        let cutoff = now.addingTimeInterval(-365 * 86400)
        let old = try Self.count(store, "SELECT count(*) FROM delivery WHERE delivered_at < ?", [cutoff])
        #expect(old > 400_000, "\(old)")

        func search() throws -> (Duration, Int) {
            let started = ContinuousClock.now
            let found = try store.history(HistoryFilter(limit: 50, grep: "needle")).count
            return (ContinuousClock.now - started, found)
        }
        let before = try search()
        #expect(before.0 < .milliseconds(300) && before.1 == 50, "\(before)")

        let pruner = HistoryPruner(store: store, keepDays: 365, clock: ContinuousClock(), logger: Logger(label: "prune"))
        let pruning = Task { await pruner.prune(now: now) }
        // The delivery path meanwhile: a row every 50 ms, each write timed; and searches.
        var slowestWrite = Duration.zero
        var slowestSearch = Duration.zero
        let pass = Task { try await ProcessRunner.notifier(["--once", "--output", "json"], environment: environment) }
        var writes = 0
        let started = ContinuousClock.now
        while ContinuousClock.now - started < .seconds(600) {
            let writing = ContinuousClock.now
            try store.record(
                Delivery(
                    deliveredAt: Date(), rule: "watch", key: "lvl", title: "lvl now \(writes)", body: "fresh reading", urgency: "normal",
                    deepLink: "notifier open watch lvl", sink: "desktop", reason: "changed", subject: "lvl:change"))
            slowestWrite = max(slowestWrite, ContinuousClock.now - writing)
            writes += 1
            if writes % 20 == 0 { slowestSearch = max(slowestSearch, try search().0) }
            if try Self.count(store, "SELECT count(*) FROM (SELECT 1 FROM delivery WHERE delivered_at < ? LIMIT 1)", [cutoff]) == 0 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let pruned = await pruning.value
        let passResult = try await pass.value
        let took = ContinuousClock.now - started
        print(
            "HistoryPrune: \(pruned) rows pruned in \(took); slowest of \(writes) deliveries written meanwhile \(slowestWrite), slowest search \(slowestSearch)"
        )
        // The pass beside it pruned its few batches too.
        #expect(pruned <= old && pruned >= old - 10 * HistoryPruner.batch, "\(pruned) of \(old)")
        #expect(passResult.status == 0, "a pass beside the pruning: \(passResult.stderr)")
        // A batch, not the pruning: its 0.1–0.2 s alone here, up to 0.44 s with builds beside it
        // on two cores, against tens of seconds for the whole.
        #expect(slowestWrite < .seconds(3) && slowestWrite * 10 < took, "a delivery waits for one batch at most: \(slowestWrite) of \(took)")
        #expect(slowestSearch < .milliseconds(300), "\(slowestSearch)")
        let after = try search()
        #expect(after.0 < .milliseconds(300), "\(after)")
        // The index in step with the table: every needle it finds is a row, and no more.
        let needles = try Self.count(store, "SELECT count(*) FROM delivery WHERE body LIKE 'needle %'")
        let indexed = try Self.count(store, "SELECT count(*) FROM delivery_search WHERE delivery_search MATCH 'needle'")
        #expect(needles == indexed && needles > 0, "\(needles) rows, \(indexed) in the index")
        #expect(try Self.count(store, "SELECT count(*) FROM delivery WHERE delivered_at < ?", [cutoff]) == 0)
    }

    /// As a person meets it: `delivery_days = 30`, rows from 40 days ago pruned by `--once`
    /// after its pass, the recent ones kept, and the search no longer finding the old.
    @Test func onceAfterItsPassPrunesWhatIsOlderThanTheKeysDays() async throws {
        let sandbox = try Sandbox(config: WatchEndToEndTests.othersOff + "\n[history]\ndelivery_days = 30\n")
        let environment = sandbox.environment(["TZ": "UTC"])
        _ = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: environment)
        let store = try Store(path: sandbox.storeFile.path)
        // 2,000 rows an hour apart: 83 days, of which the last 53 are past the key's 30.
        try Self.fill(store, count: 2000, every: 3600, now: Date())
        let once = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: environment)
        #expect(once.status == 0, "\(once.stderr)")
        let left = try Self.count(store, "SELECT count(*) FROM delivery")
        #expect((715...721).contains(left), "30 days of hourly rows kept: \(left)")
        let history = try await ProcessRunner.notifier(["history", "--plain", "--grep", "needle"], environment: environment)
        #expect(history.stdout.hasPrefix("Nothing matches"), "the one needle (the 1000th hour) was 41 days old: \(history.stdout)")
    }
}
