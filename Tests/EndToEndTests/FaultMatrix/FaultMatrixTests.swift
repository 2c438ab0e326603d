import Foundation
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

/// The fault matrix: every fault of a network and a server, for every feed, against the real
/// daemon generation (every feed loop and the delivery loop) on a test clock, through the real
/// libcurl client to one loopback server per feed. Each cell, one test case: the target feed's
/// server turns faulty after a healthy start, stays faulty for several polls, then heals.
///
/// `scripts/fault-matrix` runs this suite and prints the table it writes. The feeds are the
/// program's (`Program.notifier.feeds`); each feed kind brings its fixture by conforming to
/// `MatrixServed` (`FaultMatrix/MatrixFeed.swift`), and a registered feed without one fails its
/// cells. The faults are `FaultMatrix/MatrixFault.swift`, a cell's run `MatrixCell.swift`, its
/// verdict `MatrixVerdict.swift`.
@Suite struct FaultMatrixTests {
    /// The registered feed kinds that fetch: the matrix's columns.
    static let feedNames = Program.notifier.feeds.filter { !($0 is any OffTheNetwork || $0 is any StreamedFeed) }.map(\.name)

    @Test(arguments: MatrixFault.allCases, feedNames)
    func aFeedSurvivesAFault(_ fault: MatrixFault, feed: String) async throws {
        let feeds = try MatrixFeed.all()
        let result = try await Self.cell(fault, target: feed, feeds: feeds)
        await MatrixReport.shared.record(result, columns: feeds.map(\.name))
    }

    /// One cell, the feed of kind `target` faulty among `feeds`; its problems are the test's issues.
    static func cell(_ fault: MatrixFault, target kind: String, feeds: [MatrixFeed]) async throws -> CellResult {
        let target = try #require(feeds.first { $0.kind == kind }, "no fault-matrix fixture for \(kind)")
        let result = try await slots.withSlot { try await MatrixCell.run(fault: fault, target: target, feeds: feeds) }
        if !result.passed {
            Issue.record("\(result.fault.label) × \(result.feed): \(result.problems.joined(separator: "; "))")
        }
        return result
    }

    /// Every cell runs a daemon, a store and a server per feed on real sockets: a few at a time,
    /// so that a loaded two-core machine answers each within its timeouts (at four, a healthy
    /// probe's request went unanswered for 4 s in CI, 2026-11-27).
    static let slots = Slots(3)
}

extension MatrixFault: CustomTestStringConvertible {
    var testDescription: String { label }
}

/// The table of the cells run so far, written after each (for `scripts/fault-matrix`) and
/// printed once every cell is in.
actor MatrixReport {
    static let shared = MatrixReport()
    private var results: [CellResult] = []

    func record(_ result: CellResult, columns: [String]) {
        results.append(result)
        let table = MatrixTable(feeds: columns, results: results).text
        let output =
            ProcessInfo.processInfo.environment["FAULT_MATRIX_OUT"]
            ?? Samples.packageRoot.appendingPathComponent(".build/fault-matrix.txt").path
        try? table.write(toFile: output, atomically: true, encoding: .utf8)
        if results.count == MatrixFault.allCases.count * columns.count { print(table) }
    }
}
