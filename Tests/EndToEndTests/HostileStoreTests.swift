import EndToEndSupport
import FlyingFox
import Foundation
import TestSupport
import Testing

/// A hostile world for the store: passes that race each other, a store locked mid-pass, and a
/// store that cannot be written at all.
@Suite(.serialized, .sharingTheMachine) struct HostileStoreTests {
    /// A loopback CoinLore whose BTC price the test sets, and which can lock the store (with
    /// another process's open write transaction) while it answers.
    actor Coins {
        var price = "99000"
        var lockStore: String?
        var holder: Process?
        func set(_ price: String) { self.price = price }
        func lockWhileAnswering(_ path: String) { lockStore = path }

        func answer() throws -> Data {
            if let path = lockStore {
                lockStore = nil
                holder = try StoreHolder.lock(path)
            }
            return try CryptoEndToEndTests.page(prices: ["BTC": price])
        }

        func release() {
            if let holder {
                kill(holder.processIdentifier, SIGKILL)
                KilledProcess.awaitExit(holder)
            }
            holder = nil
        }
    }

    static func serve(_ coins: Coins) async throws -> LoopbackServer {
        try await LoopbackServer.start([("GET /api/tickers", { _ in LoopbackServer.json(try await coins.answer()) })])
    }

    /// Item 1: two `--once` at the same moment, against one notification server. Before, every
    /// crossing was shown twice and recorded twice in 25 of 25 rounds.
    @Test func twoPassesAtOnceShowEachCrossingOnce() async throws {
        let server = try await MockNotificationServer.start()
        let coins = Coins()
        let api = try await Self.serve(coins)
        let sandbox = try Sandbox(config: CryptoEndToEndTests.crossingConfig(api))
        let environment = sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address])
        func both() async throws -> [ProcessResult] {
            async let first = ProcessRunner.notifier(["--once"], environment: environment)
            async let second = ProcessRunner.notifier(["--once"], environment: environment)
            return try await [first, second]
        }
        let rounds = 4
        for round in 1...rounds {
            await coins.set("99000")
            for result in try await both() { #expect(result.status == 0, "\(result.stderr)") }
            await coins.set("100500")
            for result in try await both() { #expect(result.status == 0, "\(result.stderr)") }
            let shown = try await server.notifyCalls().components(separatedBy: "BTC rose above").count - 1
            #expect(shown == round, "round \(round): the crossing shown \(shown) times in all")
        }
        let history = try await ProcessRunner.notifier(["history", "--json"], environment: environment)
        #expect(history.stdout.split(separator: "\n").count == rounds, "recorded once a round: \(history.stdout)")
        await api.stop()
    }

    /// Item 2: the store locked by another process from mid-pass on. Before, the pass took 31 s,
    /// showed the alert it could not record, and the next pass fired it again. Now one write
    /// waits, the rest give up at once, nothing is shown, and the next pass shows it, once.
    @Test func aStoreLockedMidPassShowsNothingThenExactlyOnce() async throws {
        let coins = Coins()
        let api = try await Self.serve(coins)
        let sandbox = try Sandbox(config: CryptoEndToEndTests.crossingConfig(api))
        func once() async throws -> ProcessResult {
            try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
        }
        #expect(try await once().stdout.isEmpty, "below the level: nothing yet")

        await coins.set("100500")
        await coins.lockWhileAnswering(sandbox.storeFile.path)
        let started = ContinuousClock.now
        let locked = try await once()
        let elapsed = ContinuousClock.now - started
        await coins.release()
        #expect(locked.status == 1, "\(locked.stderr)")
        #expect(locked.stdout.isEmpty, "not shown, since not recorded: \(locked.stdout)")
        #expect(elapsed < .seconds(12), "one write waits 5 s, not each: \(elapsed)")
        #expect(
            locked.stderr.contains(
                "another process holds the store locked (waited 5 s); what this pass decided was not shown, and the next pass decides it again"),
            "\(locked.stderr)")

        let next = try await once()
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.components(separatedBy: "BTC rose above").count == 2, "shown now, once: \(next.stdout)")
        #expect(try await once().stdout.isEmpty, "and not again")
        let history = try await ProcessRunner.notifier(["history", "--json"], environment: sandbox.environment())
        #expect(history.stdout.split(separator: "\n").count == 1, "\(history.stdout)")
        await api.stop()
    }

    /// Item 10: no store can be made (here: the state directory's parent is a file). Before:
    /// an error line every pass, exit 0, and no crossing ever detected. Now: one line, exit 1,
    /// nothing polled.
    @Test func withoutAStoreNothingIsDecided() async throws {
        let coins = Coins()
        let api = try await Self.serve(coins)
        let sandbox = try Sandbox(config: CryptoEndToEndTests.crossingConfig(api))
        let notADirectory = sandbox.root.appendingPathComponent("state-file")
        try Data("x".utf8).write(to: notADirectory)
        let environment = sandbox.environment(["XDG_STATE_HOME": notADirectory.path + "/state"])
        for arguments in [["--once"], ["--once", "--output", "json"]] {
            let result = try await ProcessRunner.notifier(arguments, environment: environment)
            #expect(result.status == 1, "\(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "said once: \(result.stderr)")
            #expect(result.stderr.contains("nothing can be decided without the store"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let daemon = try await ProcessRunner.notifier([], environment: environment)
        #expect(daemon.status == 1 && daemon.stderr.contains("nothing can be decided without the store"), "\(daemon.stderr)")
        await api.stop()
    }

    /// Item 10 on a real full disk: a 1 MiB tmpfs filled before the first pass (needs root).
    @Test(.enabled(if: TinyDisk.canMount)) func aFullDiskFromTheStartSaysSoOnceAndExits1() async throws {
        let coins = Coins()
        let api = try await Self.serve(coins)
        let sandbox = try Sandbox(config: CryptoEndToEndTests.crossingConfig(api))
        let disk = try TinyDisk(at: sandbox.root.appendingPathComponent("state"))
        defer { disk.unmount() }
        try disk.fill()
        let result = try await ProcessRunner.notifier(["--once"], environment: sandbox.environment())
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("nothing can be decided without the store"), "\(result.stderr)")
        await api.stop()
    }
}

/// Another process holding the store's write lock: an open `BEGIN IMMEDIATE`, as a second
/// program using the same file would.
enum StoreHolder {
    static func lock(_ path: String) throws -> Process {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = [
            "-c",
            """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            time.sleep(60)
            """, path,
        ]
        let out = Pipe()
        holder.standardOutput = out
        try holder.run()
        _ = out.fileHandleForReading.availableData // "locked"
        return holder
    }
}
