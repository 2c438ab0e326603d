import Foundation
import TestSupport
import Testing

@testable import NotifierCore

/// The daemon's side of a view's fetch: the generation's feeds that keep, one request of a feed
/// at a time, nothing between generations.
@Suite struct FetchRequestsTests {
    actor Log {
        var requests: [String] = []
        var running = 0
        var mostAtOnce = 0
        func start(_ request: String) {
            requests.append(request)
            running += 1
            mostAtOnce = max(mostAtOnce, running)
        }
        func end() { running -= 1 }
    }

    struct Keeper: KeepsWhatViewsFetch {
        let log: Log
        var name: String { "keeper" }
        var views: [FeedView] { [] }
        func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome { .notPolled }
        func pollForever(_ environment: FeedEnvironment) async {}
        func fetchAndKeep(_ request: String, _ environment: FeedEnvironment) async -> RoundFetch.Answer {
            await log.start(request)
            try? await Task.sleep(for: .milliseconds(20))
            await log.end()
            return request == "good" ? .kept : .failed
        }
    }

    struct Other: FeedKind {
        var name: String { "other" }
        var views: [FeedView] { [] }
        func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome { .notPolled }
        func pollForever(_ environment: FeedEnvironment) async {}
    }

    @Test func aFeedsRequestsAreServedOneAtATimeByTheRunningGeneration() async {
        let log = Log()
        let requests = FetchRequests()
        #expect(await requests.ask("keeper", request: "good") == .notKept, "no generation runs")
        await requests.serve([Other(), Keeper(log: log)], environment: FeedLoopTests.environment(clock: TestClock()))
        async let first = requests.ask("keeper", request: "good")
        async let second = requests.ask("keeper", request: "bad")
        #expect(await [first, second].sorted { $0.rawValue < $1.rawValue } == [.failed, .kept])
        #expect(await log.mostAtOnce == 1)
        #expect(await requests.ask("other", request: "good") == .notKept, "a feed that keeps nothing")
        #expect(await requests.ask("nobody", request: "good") == .notKept)
        await requests.stopped()
        #expect(await requests.ask("keeper", request: "good") == .notKept, "between generations")
        #expect(await log.requests.count == 2)
    }
}
