import Feeds
import FlyingFox
import Foundation
import Logging
import Rules
import TestSupport
import Testing

@testable import Notifier

/// Issue 8's fault matrix: every fault of a network and a server, for every feed, against the
/// real daemon generation (every feed loop and the delivery loop) on a test clock, through the
/// real libcurl client to one loopback server per feed. Each cell: the target feed's server
/// turns faulty after a healthy start, stays faulty for several polls, then heals.
///
/// `scripts/fault-matrix` runs this suite and prints the table it writes. The feeds are the
/// registry's (`FeedRegistry.all`); each feed kind brings its fixture by conforming to
/// `MatrixServed`, and a registered feed without one fails the matrix.
@Suite struct FaultMatrixTests {
    @Test func everyFeedSurvivesEveryFault() async throws {
        let feeds = try MatrixFeed.all()
        let results = try await Self.run(feeds: feeds, targets: feeds)
        let table = MatrixTable(feeds: feeds.map(\.name), results: results).text
        print(table)
        let output =
            ProcessInfo.processInfo.environment["FAULT_MATRIX_OUT"]
            ?? Samples.packageRoot.appendingPathComponent(".build/fault-matrix.txt").path
        try? table.write(toFile: output, atomically: true, encoding: .utf8)
        for result in results where !result.passed {
            Issue.record("\(result.fault.label) × \(result.feed): \(result.problems.joined(separator: "; "))")
        }
        #expect(results.count == MatrixFault.allCases.count * feeds.count)
    }

    /// Every fault against each of `targets`, with all of `feeds` running; a few cells at a
    /// time, each with its own servers, store and clock.
    static func run(feeds: [MatrixFeed], targets: [MatrixFeed]) async throws -> [CellResult] {
        let cells = MatrixFault.allCases.flatMap { fault in targets.map { (fault, $0) } }
        var results: [CellResult] = []
        try await withThrowingTaskGroup(of: CellResult.self) { group in
            var pending = cells.makeIterator()
            for _ in 0..<4 {
                guard let (fault, feed) = pending.next() else { break }
                group.addTask { try await MatrixCell.run(fault: fault, target: feed, feeds: feeds) }
            }
            while let result = try await group.next() {
                results.append(result)
                if let (fault, feed) = pending.next() {
                    group.addTask { try await MatrixCell.run(fault: fault, target: feed, feeds: feeds) }
                }
            }
        }
        return results
    }
}

// MARK: - The feeds

/// A feed kind the matrix can run: its server's fixture, and itself pointed at that server
/// (the registered feeds read their server from the config `configure` writes).
protocol MatrixServed: Sendable {
    func matrixFeed() throws -> MatrixFeed
    func serving(_ baseURL: String) -> any FeedKind
}

extension MatrixServed where Self: FeedKind {
    func serving(_ baseURL: String) -> any FeedKind { self }
}

enum MatrixError: Error, CustomStringConvertible {
    case noFixture(String)
    var description: String {
        switch self {
        case .noFixture(let feed): return "the feed '\(feed)' is registered but has no fault-matrix fixture: make its kind MatrixServed"
        }
    }
}

/// One feed as the matrix sees it: its server's routes and healthy answers, how the config
/// points at that server, and its normal cadence.
struct MatrixFeed: Sendable {
    let name: String
    /// Its server's routes, healthy.
    let routes: [(String, LoopbackServer.Handler)]
    /// The answer of its steady-state request, from which the bad bodies derive.
    let healthyBody: Data
    /// A path of its steady-state request, for a redirect loop.
    let loopPath: String
    /// The API's own error answer.
    let errorStatus: HTTPStatusCode
    let errorBody: Data
    /// Data a valid answer may lack: empty arrays are valid data for some feeds.
    let emptyArraysAreValid: Bool
    /// The wait between two polls while it works.
    let cadence: Duration
    let configure: @Sendable (inout Config, String) -> Void
    /// The registered kind the daemon runs it as, against a server's base URL (set by `all`).
    var runAs: (@Sendable (String) -> any FeedKind)? = nil

    /// The fixtures of `kinds`, in order; a kind without one is an error that names it.
    static func all(_ kinds: [any FeedKind] = FeedRegistry.all) throws -> [MatrixFeed] {
        // A feed that fetches nothing (reminders) has no server to fault.
        try kinds.filter { !($0 is any OffTheNetwork) }.map { kind in
            guard let served = kind as? any MatrixServed else { throw MatrixError.noFixture(kind.name) }
            var feed = try served.matrixFeed()
            feed.runAs = { served.serving($0) }
            return feed
        }
    }

}

// MARK: - The faults

enum MatrixFault: String, CaseIterable, Sendable {
    case http500, http502, http503RetryAfter, http429, neverAnswers, refused, resetMidBody, truncatedJSON, wrongTypes,
        emptyArrays, oversizeBody, invalidUTF8, htmlWith200, redirectLoop, redirectToHTTP, apiErrorBody

    var label: String {
        switch self {
        case .http500: return "HTTP 500"
        case .http502: return "HTTP 502"
        case .http503RetryAfter: return "HTTP 503, Retry-After 120"
        case .http429: return "HTTP 429, Retry-After 90"
        case .neverAnswers: return "accepts, never answers"
        case .refused: return "connection refused"
        case .resetMidBody: return "connection cut mid-body"
        case .truncatedJSON: return "truncated JSON"
        case .wrongTypes: return "wrong types"
        case .emptyArrays: return "empty arrays"
        case .oversizeBody: return "body over the size limit"
        case .invalidUTF8: return "invalid UTF-8"
        case .htmlWith200: return "HTML error page, 200"
        case .redirectLoop: return "redirect loop"
        case .redirectToHTTP: return "redirect downgrade (*)"
        case .apiErrorBody: return "the API's own error body"
        }
    }

    var retryAfter: Duration? {
        switch self {
        case .http503RetryAfter: return .seconds(120)
        case .http429: return .seconds(90)
        default: return nil
        }
    }

    func serverFault(for feed: MatrixFeed, limit: Int) -> LoopbackServer.Fault {
        let json: [HTTPHeader: String] = [.contentType: "application/json"]
        switch self {
        case .http500: return .respond(status: .internalServerError, headers: json, body: Data(#"{"message":"internal error"}"#.utf8))
        case .http502: return .respond(status: .badGateway, headers: [.contentType: "text/html"], body: Data("<html><body>502 Bad Gateway</body></html>".utf8))
        case .http503RetryAfter: return .respond(status: .serviceUnavailable, headers: [HTTPHeader("Retry-After"): "120"])
        case .http429: return .respond(status: .tooManyRequests, headers: [HTTPHeader("Retry-After"): "90"])
        case .neverAnswers: return .neverAnswer
        case .refused: return .refuseConnections
        case .resetMidBody: return .cutMidBody(feed.healthyBody)
        case .truncatedJSON: return .respond(status: .ok, headers: json, body: feed.healthyBody.prefix(feed.healthyBody.count / 2))
        case .wrongTypes: return .respond(status: .ok, headers: json, body: BadJSON.wrongTypes(feed.healthyBody))
        case .emptyArrays: return .respond(status: .ok, headers: json, body: BadJSON.emptyArrays(feed.healthyBody))
        case .oversizeBody: return .respond(status: .ok, headers: json, body: Data(repeating: 0x20, count: limit + 1))
        case .invalidUTF8: return .respond(status: .ok, headers: json, body: BadJSON.invalidUTF8(feed.healthyBody))
        case .htmlWith200:
            return .respond(
                status: .ok, headers: [.contentType: "text/html"],
                body: Data("<!DOCTYPE html><html><body><h1>Service temporarily unavailable</h1></body></html>".utf8))
        case .redirectLoop:
            // 307 keeps the method, so the holiday POST loops too.
            return .respond(status: .temporaryRedirect, headers: [.location: feed.loopPath])
        case .redirectToHTTP:
            return .respond(status: .temporaryRedirect, headers: [.location: "ftp://127.0.0.1:21/data.json"])
        case .apiErrorBody: return .respond(status: feed.errorStatus, headers: json, body: feed.errorBody)
        }
    }

    /// Whether the answer is still valid data for this feed (then nothing should fail).
    func isValidData(for feed: MatrixFeed) -> Bool {
        self == .emptyArrays && feed.emptyArraysAreValid
    }
}

/// Bad bodies derived from a good one.
enum BadJSON {
    /// Every string becomes an array, every other value (number, boolean) an object.
    static func wrongTypes(_ body: Data) -> Data {
        func swap(_ value: Any) -> Any {
            switch value {
            case let object as [String: Any]: return object.mapValues(swap)
            case let array as [Any]: return array.map(swap)
            case let string as String: return [string]
            case is NSNull: return value
            default: return ["value": value]
            }
        }
        return transformed(body, swap)
    }

    /// Every array emptied.
    static func emptyArrays(_ body: Data) -> Data {
        func empty(_ value: Any) -> Any {
            switch value {
            case let object as [String: Any]: return object.mapValues(empty)
            case is [Any]: return [Any]()
            default: return value
            }
        }
        return transformed(body, empty)
    }

    /// Bytes that are not UTF-8 inside the first string value.
    static func invalidUTF8(_ body: Data) -> Data {
        var bytes = [UInt8](body)
        for index in bytes.indices.dropLast(2) where bytes[index] == UInt8(ascii: ":") {
            var next = index + 1
            while next < bytes.count, bytes[next] == 0x20 { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: "\"") {
                bytes.insert(contentsOf: [0xFF, 0xFE, 0xC3], at: next + 1)
                return Data(bytes)
            }
        }
        return Data([0xFF, 0xFE]) + body
    }

    private static func transformed(_ body: Data, _ transform: (Any) -> Any) -> Data {
        guard let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(withJSONObject: transform(value), options: [.fragmentsAllowed])
        else { return Data("{}".utf8) }
        return data
    }
}

// MARK: - One cell

struct CellResult: Sendable {
    let fault: MatrixFault
    let feed: String
    var survived = false
    var falseAlerts = 0
    var recovered = false
    /// nil where the fault is valid data and nothing fails.
    var loggedOnce: Bool?
    var backedOff: Bool?
    var othersUnaffected = false
    var problems: [String] = []

    var passed: Bool {
        survived && falseAlerts == 0 && recovered && loggedOnce != false && backedOff != false && othersUnaffected && problems.isEmpty
    }
}

/// A poll seen from outside: a request reached the feed's server, or the feed logged a failure.
private struct Poll {
    let at: Duration
    let failed: Bool
}

enum MatrixCell {
    /// 2026-12-14 10:00 UTC (12:00 in Tallinn), a week before the served folk day.
    static let start = Date(timeIntervalSince1970: 1_797_242_400)
    static let failuresToSee = 3
    /// Long enough for every feed's cadence to come round.
    static let phaseLength = Duration.seconds(310)

    static func run(fault: MatrixFault, target: MatrixFeed, feeds: [MatrixFeed]) async throws -> CellResult {
        var servers: [String: LoopbackServer] = [:]
        for feed in feeds { servers[feed.name] = try await LoopbackServer.start(feed.routes) }
        let result = try await exercise(fault: fault, target: target, feeds: feeds, servers: servers)
        for server in servers.values { await server.stop() }
        return result
    }

    private static func exercise(fault: MatrixFault, target: MatrixFeed, feeds: [MatrixFeed], servers: [String: LoopbackServer]) async throws -> CellResult {
        let sandbox = try Sandbox()
        var config = Config()
        config.forecast.enabled = false // until its entry in MatrixFeed.all switches it on
        config.launchCountry.enabled = false
        // Delivery policies are not under test: every alert goes out at once.
        config.delivery.groupWindow = .zero
        config.delivery.rateLimitPerMinute = 1000
        for feed in feeds { feed.configure(&config, servers[feed.name]!.baseURL) }

        let logs = LogLines()
        let logger = Logger(label: "notifier") { _ in CapturingLogHandler(lines: logs) }
        let environment = sandbox.environment()
        let context = AppContext(
            environment: environment, config: config, configFile: nil, explicitConfigPath: nil,
            logger: logger, paths: XDGPaths(environment: environment), time: .system)
        let clock = TestClock()
        // Short, for the server that never answers; long enough for a loaded CI machine.
        let limits = HTTPLimits(connectTimeout: .seconds(4), totalTimeout: .seconds(4))
        var runner = Runner(context: context, output: .json, seed: nil)
        runner.clock = clock
        runner.now = { start.addingTimeInterval(clock.now.offset.inSeconds) }
        runner.http = Feeds.HTTPClient(limits: limits)
        runner.feeds = feeds.compactMap { feed in feed.runAs?(servers[feed.name]!.baseURL) }
        let store = try Store(path: sandbox.storeFile.path)
        let sink = RecordingSink(name: "matrix")
        let finished = Flag()
        let daemon = runner
        let generation = Task {
            await DaemonService(runner: daemon).runGeneration(daemon, store: store, sink: sink, launch: false)
            finished.set()
        }
        defer { generation.cancel() }
        let result = try await observeCell(
            fault: fault, target: target, feeds: feeds, servers: servers, clock: clock, logs: logs,
            sink: sink, finished: finished, limits: limits)
        generation.cancel()
        await generation.value
        return result
    }

    private static func observeCell(
        fault: MatrixFault, target: MatrixFeed, feeds: [MatrixFeed], servers: [String: LoopbackServer],
        clock: TestClock, logs: LogLines, sink: RecordingSink, finished: Flag, limits: HTTPLimits
    ) async throws -> CellResult {
        var result = CellResult(fault: fault, feed: target.name)

        // Every feed loop and the delivery loop asleep: the daemon is idle at the clock's time.
        let loops = feeds.count + 1
        var polls: [String: [Poll]] = [:]
        var seenRequests: [String: Int] = [:]
        var seenFailures: [String: Int] = [:]
        func observe() async -> Bool {
            guard await clock.waitForSleepers(loops, timeout: .seconds(20)) else { return false }
            for feed in feeds {
                let requests = await servers[feed.name]!.requestLog.count
                let failures = logs.failures(of: feed.name).count
                if requests > seenRequests[feed.name, default: 0] || failures > seenFailures[feed.name, default: 0] {
                    polls[feed.name, default: []].append(Poll(at: clock.now.offset, failed: failures > seenFailures[feed.name, default: 0]))
                }
                seenRequests[feed.name] = requests
                seenFailures[feed.name] = failures
            }
            return true
        }
        func step() async -> Bool {
            clock.advanceToNextDeadline()
            return await observe()
        }

        // Healthy start: every feed polls and works (on a loaded machine a first poll may time
        // out; the feed's backoff brings the next one).
        guard await observe() else {
            result.problems.append("the daemon never settled at the start")
            return result
        }
        for _ in 0..<50 where feeds.contains(where: { polls[$0.name]?.last?.failed != false }) {
            guard await step() else { break }
        }
        for feed in feeds where polls[feed.name]?.last?.failed != false {
            result.problems.append("\(feed.name) did not start healthy: \(logs.failures(of: feed.name))")
        }
        await sink.reset()
        let healthyLines = logs.count

        // The fault: several polls of the target feed.
        let validData = fault.isValidData(for: target)
        let faultStart = clock.now.offset
        let faultPollsBefore = polls[target.name]?.count ?? 0
        try await servers[target.name]!.inject(fault.serverFault(for: target, limit: limits.maxBodyBytes))
        var settled = true
        while settled {
            let seen = (polls[target.name]?.count ?? 0) - faultPollsBefore
            if seen >= failuresToSee && clock.now.offset - faultStart >= phaseLength { break }
            settled = await step()
        }
        let faultPolls = Array((polls[target.name] ?? []).dropFirst(faultPollsBefore))
        let faultLines = Array(logs.all.dropFirst(healthyLines))

        // Healed: the feed must come back by itself.
        try await servers[target.name]!.inject(nil)
        let healStart = clock.now.offset
        let healPollsBefore = polls[target.name]?.count ?? 0
        while settled {
            let seen = (polls[target.name]?.count ?? 0) - healPollsBefore
            if seen >= 2 && clock.now.offset - healStart >= phaseLength { break }
            settled = await step()
        }
        let healPolls = Array((polls[target.name] ?? []).dropFirst(healPollsBefore))
        let healLines = Array(logs.all.dropFirst(healthyLines + faultLines.count))

        // Survived: the generation still runs, every loop asleep on the clock.
        result.survived = settled && !finished.isSet && clock.sleeperCount == loops
        if !result.survived { result.problems.append("the daemon did not keep running (settled \(settled), finished \(finished.isSet))") }

        // No alert from bad data: feed health notices aside, nothing after the healthy start.
        let alerts = await sink.alerts.filter { $0.rule != "feed_health" }
        result.falseAlerts = alerts.count
        if !alerts.isEmpty { result.problems.append("alerts: \(alerts.map(\.title))") }

        let failed = faultPolls.filter(\.failed)
        if validData {
            if !failed.isEmpty { result.problems.append("valid data counted as a failure") }
        } else {
            // One line per failed poll, naming the feed, the URL and a cause.
            let targetLines = faultLines.filter { $0.isProblem && $0.message.hasPrefix("\(target.name) feed:") }
            let url = servers[target.name]!.baseURL
            let clear = targetLines.allSatisfy { line in
                guard let range = line.message.range(of: url) else { return false }
                let cause = line.message[range.upperBound...].drop { $0 != " " }.trimmingCharacters(in: .whitespaces)
                return !cause.isEmpty
            }
            result.loggedOnce =
                faultPolls.count >= failuresToSee && failed.count == faultPolls.count
                && targetLines.count == failed.count && clear
            if result.loggedOnce != true {
                result.problems.append("log: \(failed.count) of \(faultPolls.count) polls failed, lines \(targetLines.map(\.message))")
            }
            // Each wait after the n-th failure in a row is the backoff's, Retry-After a floor.
            let times = faultPolls.map(\.at) + (healPolls.first.map { [$0.at] } ?? [])
            var waits: [Duration] = []
            for (earlier, later) in zip(times, times.dropFirst()) { waits.append(later - earlier) }
            let backoff = Backoff()
            result.backedOff =
                !waits.isEmpty
                && waits.enumerated().allSatisfy { index, wait in
                    let cap = min(backoff.base * (1 << index), backoff.maximum)
                    let floor = fault.retryAfter ?? .zero
                    return wait >= max(cap / 2, floor) && wait <= max(cap, floor)
                }
            if result.backedOff != true { result.problems.append("backoff: waits \(waits)") }
        }

        // Recovered: every poll after healing works, at the feed's cadence again.
        let healWaits = zip(healPolls, healPolls.dropFirst()).map { $1.at - $0.at }
        let healProblems = healLines.filter(\.isProblem)
        result.recovered =
            healPolls.count >= 2 && healPolls.allSatisfy { !$0.failed } && healWaits.allSatisfy { $0 == target.cadence }
            && healProblems.isEmpty
        if !result.recovered {
            result.problems.append("recovery: polls \(healPolls.map { "\($0.at)\($0.failed ? " failed" : "")" }), lines \(healProblems.map(\.message))")
        }

        // The other feeds: on time, without a failure, throughout.
        var othersFine = true
        for feed in feeds where feed.name != target.name {
            let theirs = (polls[feed.name] ?? []).filter { $0.at >= faultStart }
            let waits = zip(theirs, theirs.dropFirst()).map { $1.at - $0.at }
            if theirs.count < 2 || theirs.contains(where: \.failed) || !waits.allSatisfy({ $0 == feed.cadence }) {
                othersFine = false
                result.problems.append("\(feed.name) affected: \(theirs.map { "\($0.at)\($0.failed ? " failed" : "")" })")
            }
        }
        let strayLines = faultLines.filter { $0.isProblem && !$0.message.hasPrefix("\(target.name) feed:") }
        if !strayLines.isEmpty {
            othersFine = false
            result.problems.append("other errors: \(strayLines.map(\.message))")
        }
        result.othersUnaffected = othersFine
        return result
    }
}

// MARK: - The table

struct MatrixTable {
    let feeds: [String]
    let results: [CellResult]

    var text: String {
        let faultWidth = 28
        let cellWidth = 33
        func pad(_ text: String, _ width: Int) -> String {
            text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
        }
        var lines = ["fault matrix: \(results.filter(\.passed).count) of \(results.count) cells pass", ""]
        lines.append(pad("fault", faultWidth) + feeds.map { " | " + pad($0, cellWidth) }.joined())
        lines.append(pad("", faultWidth) + feeds.map { _ in " | " + pad("survived, false alerts, recovered", cellWidth) }.joined())
        lines.append(String(repeating: "-", count: faultWidth) + feeds.map { _ in "-+-" + String(repeating: "-", count: cellWidth) }.joined())
        for fault in MatrixFault.allCases {
            var line = pad(fault.label, faultWidth)
            for feed in feeds {
                guard let result = results.first(where: { $0.fault == fault && $0.feed == feed }) else {
                    line += " | " + pad("not run", cellWidth)
                    continue
                }
                let mark = { (value: Bool) in value ? "yes" : "NO" }
                var cell = "\(mark(result.survived)) \(result.falseAlerts) \(mark(result.recovered))"
                if result.loggedOnce == nil {
                    cell += " valid data"
                } else {
                    cell += " log:" + (result.loggedOnce == true ? "ok" : "NO") + " backoff:" + (result.backedOff == true ? "ok" : "NO")
                }
                if !result.othersUnaffected { cell += " OTHERS" }
                line += " | " + pad(cell, cellWidth)
            }
            lines.append(line)
        }
        lines += [
            "",
            "each cell: survived (the daemon keeps running), false alerts, recovered (polls work again at",
            "the feed's cadence once the server heals); log:ok = one line per failed poll naming the feed,",
            "URL and cause; backoff:ok = each wait as Backoff (30 s doubling, jittered, Retry-After a floor);",
            "OTHERS would mark a cell where another feed missed a poll or logged an error.",
            "valid data = the answer is valid for that feed (the holiday API's empty day), nothing fails.",
            "(*) the loopback server speaks http only: the redirect goes to a protocol the client refuses",
            "    (ftp), the same CURLOPT_REDIR_PROTOCOLS refusal an https-to-http redirect meets.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

// MARK: - Test plumbing

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

struct LogLine: Sendable {
    let level: Logger.Level
    let message: String
    var isProblem: Bool { level >= .warning }
}

/// What the daemon logged, in order.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [LogLine] = []
    func append(_ line: LogLine) { lock.withLock { lines.append(line) } }
    var all: [LogLine] { lock.withLock { lines } }
    var count: Int { lock.withLock { lines.count } }
    func failures(of feed: String) -> [String] {
        all.filter { $0.isProblem && $0.message.hasPrefix("\(feed) feed:") }.map(\.message)
    }
}

struct CapturingLogHandler: LogHandler {
    let lines: LogLines
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append(LogLine(level: event.level, message: "\(event.message)"))
    }
}

extension Duration {
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
