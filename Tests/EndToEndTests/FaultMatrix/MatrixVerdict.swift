import Foundation
import TestSupport

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

/// A poll seen from outside: a request reached the feed's server, or the feed logged a failure.
struct Poll: Sendable {
    let at: Duration
    let failed: Bool
}

/// What a cell saw of the daemon, for the verdict.
struct CellObservation {
    let fault: MatrixFault
    let target: MatrixFeed
    let feeds: [MatrixFeed]
    let targetURL: String
    /// Feeds that did not start healthy.
    let startProblems: [String]
    /// Every feed's polls, from the start.
    let polls: [String: [Poll]]
    let faultStart: Duration
    /// The target's polls while faulty, and once healed.
    let faultPolls: [Poll]
    let healPolls: [Poll]
    /// What the daemon logged while the target was faulty, and once healed.
    let faultLines: [LogLine]
    let healLines: [LogLine]
    /// Whether every loop went to sleep again after each step.
    let settled: Bool
    /// Whether the generation ended by itself.
    let finished: Bool
    /// Whether every loop sleeps on the clock at the end.
    let asleepAtEnd: Bool
    /// The alerts after the healthy start, feed health notices aside.
    let alerts: [Alert]
}

/// A cell's verdict, as the table shows it.
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

extension CellResult {
    /// The cell's verdict on what it saw.
    init(judging seen: CellObservation) {
        let (fault, target, feeds) = (seen.fault, seen.target, seen.feeds)
        let (faultPolls, healPolls, faultLines, healLines, faultStart) = (seen.faultPolls, seen.healPolls, seen.faultLines, seen.healLines, seen.faultStart)
        self.init(fault: fault, feed: target.name, problems: seen.startProblems)

        // Survived: the generation still runs, every loop asleep on the clock.
        survived = seen.settled && !seen.finished && seen.asleepAtEnd
        if !survived { problems.append("the daemon did not keep running (settled \(seen.settled), finished \(seen.finished))") }

        // No alert from bad data: feed health notices aside, nothing after the healthy start.
        falseAlerts = seen.alerts.count
        if !seen.alerts.isEmpty { problems.append("alerts: \(seen.alerts.map(\.title))") }

        let failed = faultPolls.filter(\.failed)
        if fault.isValidData(for: target) {
            if !failed.isEmpty { problems.append("valid data counted as a failure") }
        } else {
            // One line per failed poll, naming the feed, the URL and a cause.
            let targetLines = faultLines.filter { $0.isProblem && $0.message.hasPrefix("\(target.name) feed:") }
            let url = seen.targetURL
            let clear = targetLines.allSatisfy { line in
                guard let range = line.message.range(of: url) else { return false }
                let cause = line.message[range.upperBound...].drop { $0 != " " }.trimmingCharacters(in: .whitespaces)
                return !cause.isEmpty
            }
            loggedOnce =
                faultPolls.count >= MatrixCell.failuresToSee && failed.count == faultPolls.count
                && targetLines.count == failed.count && clear
            if loggedOnce != true {
                problems.append("log: \(failed.count) of \(faultPolls.count) polls failed, lines \(targetLines.map(\.message))")
            }
            // Each wait after the n-th failure in a row is the backoff's, Retry-After a floor.
            let times = faultPolls.map(\.at) + (healPolls.first.map { [$0.at] } ?? [])
            var waits: [Duration] = []
            for (earlier, later) in zip(times, times.dropFirst()) { waits.append(later - earlier) }
            let backoff = Backoff()
            backedOff =
                !waits.isEmpty
                && waits.enumerated().allSatisfy { index, wait in
                    let cap = min(backoff.base * (1 << index), backoff.maximum)
                    let floor = fault.retryAfter ?? .zero
                    return wait >= max(cap / 2, floor) && wait <= max(cap, floor)
                }
            if backedOff != true { problems.append("backoff: waits \(waits)") }
        }

        // Recovered: every poll after healing works, at the feed's cadence again.
        let healWaits = zip(healPolls, healPolls.dropFirst()).map { $1.at - $0.at }
        let healProblems = healLines.filter(\.isProblem)
        recovered =
            healPolls.count >= 2 && healPolls.allSatisfy { !$0.failed } && healWaits.allSatisfy(target.isOnCadence)
            && healProblems.isEmpty
        if !recovered {
            problems.append("recovery: polls \(healPolls.map { "\($0.at)\($0.failed ? " failed" : "")" }), lines \(healProblems.map(\.message))")
        }

        // The other feeds: on time, without a failure, throughout.
        var othersFine = true
        for feed in feeds where feed.name != target.name {
            let theirs = (seen.polls[feed.name] ?? []).filter { $0.at >= faultStart }
            let waits = zip(theirs, theirs.dropFirst()).map { $1.at - $0.at }
            if theirs.count < 2 || theirs.contains(where: \.failed) || !waits.allSatisfy(feed.isOnCadence) {
                othersFine = false
                problems.append("\(feed.name) affected: \(theirs.map { "\($0.at)\($0.failed ? " failed" : "")" })")
            }
        }
        let strayLines = faultLines.filter { $0.isProblem && !$0.message.hasPrefix("\(target.name) feed:") }
        if !strayLines.isEmpty {
            othersFine = false
            problems.append("other errors: \(strayLines.map(\.message))")
        }
        othersUnaffected = othersFine
    }
}
