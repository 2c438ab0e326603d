import EndToEndSupport
import Foundation
import Logging
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierDelivery
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// The store when the disk or another process works against it: a damaged file, a second
/// writer holding the lock, a full disk. Nothing is lost, nothing is shown twice.
@Suite(.sharingTheMachine) struct StoreFaultTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    /// Delivery policies aside: every alert is due at once.
    static let immediate: Config = {
        var config = Config()
        config.delivery.groupWindow = .zero
        return config
    }()

    func alert(_ key: String, body: String = "b", rule: String = "crypto_cross") -> Alert {
        Alert(rule: rule, key: key, title: "\(key) rose above $1", body: body, category: "x", deepLink: .history)
    }

    @Test(arguments: [
        Data("this is not a database, just text someone wrote here\n".utf8),
        Data("SQLite format 3\0".utf8) + Data(repeating: 0xAB, count: 8192),
    ])
    func aDamagedStoreIsKeptAsideAndTheProgramCarriesOnWithAFreshOne(_ garbage: Data) async throws {
        let sandbox = try Sandbox(config: Sandbox.noDelay)
        try FileManager.default.createDirectory(at: sandbox.storeFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try garbage.write(to: sandbox.storeFile)

        let result = try await ProcessRunner.notifier(["--once", "--output", "json", "--seed", "3"], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"rule\":\"launch_country\""), "the program runs on: \(result.stdout)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one clear message: \(result.stderr)")
        #expect(result.stderr.contains("the store \(sandbox.storeFile.path) was damaged"), "\(result.stderr)")

        let folder = sandbox.storeFile.deletingLastPathComponent()
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("notifier.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
        }
        #expect(aside.count == 1, "\(aside)")
        #expect(result.stderr.contains("kept it as \(folder.path)/\(aside.first ?? "?")"))
        #expect(try Data(contentsOf: folder.appendingPathComponent(aside.first ?? "?")) == garbage, "kept as it was")
        let history = try await ProcessRunner.notifier(["history", "--json"], environment: sandbox.environment())
        #expect(history.status == 0)
        #expect(history.stdout.contains("launch_country"), "the fresh store records: \(history.stdout)")
    }

    /// A second writer holds the store: writes wait the busy timeout, then say so once; what
    /// could not be recorded is held, and delivered once when the lock goes.
    @Test func aLockedStoreWaitsThenSaysSoAndLosesNothing() async throws {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path, busySeconds: 1)
        let holder = try StoreHolder.lock(sandbox.storeFile.path)
        defer { if holder.isRunning { holder.terminate() } }

        let logs = LogLines()
        let sink = RecordingSink()
        let dispatcher = Dispatcher(
            sink: sink, store: store, config: Self.immediate, logger: Logger(label: "t") { _ in CapturingLogHandler(lines: logs) }, elsewhere: .network)
        let started = ContinuousClock.now
        await dispatcher.submit([alert("BTC")], now: now)
        let waited = ContinuousClock.now - started
        #expect(waited >= .seconds(1), "it waits for the lock first: \(waited)")
        #expect(await sink.alerts.isEmpty, "not shown while it cannot be recorded")
        let problems = logs.all.filter(\.isProblem).map(\.message)
        #expect(problems.contains("store: saving the rule states failed: another process holds the store locked (waited 1 s)"), "\(problems)")
        #expect(
            problems.contains {
                $0.hasPrefix("store: recording deliveries failed: another process holds the store locked (waited 1 s); a notification is held")
            }, "\(problems)")
        await dispatcher.deliverDue(now: now)
        #expect(logs.all.filter(\.isProblem).count == problems.count, "said once, not on every retry")

        kill(holder.processIdentifier, SIGKILL)
        KilledProcess.awaitExit(holder)
        print("lock released after", ContinuousClock.now - started)
        await dispatcher.deliverDue(now: now.addingTimeInterval(1))
        await dispatcher.deliverDue(now: now.addingTimeInterval(2))
        #expect(await sink.alerts.map(\.key) == ["BTC"], "delivered once the lock is gone, and once")
        #expect(try store.history(limit: 10).map(\.key) == ["BTC"])
    }

    /// A real full disk: the store on a small tmpfs, filled up to the last byte by another file.
    /// (Mounting needs root, as in CI; elsewhere the test does not run.)
    @Test(.enabled(if: TinyDisk.canMount)) func aFullDiskSaysSoAndLosesNothing() async throws {
        let sandbox = try Sandbox()
        let disk = try TinyDisk(at: sandbox.root.appendingPathComponent("state"))
        defer { disk.unmount() }
        let store = try Store(path: sandbox.storeFile.path)
        try disk.fill()
        let logs = LogLines()
        let sink = RecordingSink()
        let dispatcher = Dispatcher(
            sink: sink, store: store, config: Self.immediate, logger: Logger(label: "t") { _ in CapturingLogHandler(lines: logs) }, elsewhere: .network)
        let big = String(repeating: "x", count: 2000)
        await dispatcher.submit(
            [alert("BTC", body: big), alert("ETH", body: big, rule: "crypto_move"), alert("SOL", body: big, rule: "crypto_change")], now: now)
        #expect(await sink.alerts.isEmpty, "not shown while it cannot be recorded")
        let problems = logs.all.filter(\.isProblem).map(\.message)
        #expect(problems.contains { $0.contains("failed: the disk is full") }, "\(problems)")
        #expect(problems.contains { $0.hasSuffix("3 notifications are held until it can be recorded") }, "\(problems)")

        disk.free()
        await dispatcher.deliverDue(now: now.addingTimeInterval(1))
        await dispatcher.deliverDue(now: now.addingTimeInterval(2))
        #expect(await sink.alerts.map(\.key).sorted() == ["BTC", "ETH", "SOL"], "each delivered once, once there is room")
        #expect(try store.history(limit: 10).count == 3)
        #expect(logs.all.contains { $0.message == "the store records again; delivering 3 held" })
    }
}
