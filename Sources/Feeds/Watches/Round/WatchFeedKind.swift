import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine

/// The user's `[[watches]]`: one feed kind whose instances come from the config. Each watch
/// polls on its own schedule; a reload keeps the schedule of every watch whose settings did not
/// change (`FeedPacing`, by watch), adds the new ones and drops the removed ones.
package struct WatchFeedKind: FeedKind {
    package init() {}

    package var storeMigrations: [StoreMigration] { StoreMigration.watches }
    package var name: String { "watches" }
    package var views: [FeedView] { [.watch] }
    package var lists: [any ParsableCommand.Type] { [ListWatches.self] }
    package var rules: [any Rule.Type] { [WatchRule.self] }
    package var bubbleKinds: [(prefix: String, kind: BubbleKind)] { [("watch", BubbleKind(rawValue: "watch"))] }
    package var configEntryLists: [ConfigEntryList] { [ConfigEntryList(\.watches)] }
    package var commands: [FeedCommand] {
        [FeedCommand(WatchCommand.self, after: "rules", async: [AsyncCommandRunner(WatchTest.self), AsyncCommandRunner(WatchTry.self)])]
    }

    /// How many watches `--once` fetches at a time.
    package static let parallelPolls = 8

    package func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome {
        let watches = environment.config.watches.filter(\.enabled)
        guard !watches.isEmpty else { return .notPolled }
        // A dry run reports in the config's order; a pass fetches several at a time.
        if environment.isDryRun {
            var failed = false
            for watch in watches where await WatchRound(environment, watch: watch).poll() != nil { failed = true }
            return failed ? .failed : .succeeded
        }
        let failures = await withTaskGroup(of: Bool.self, returning: Int.self) { group in
            var next = 0
            var failures = 0
            while next < min(Self.parallelPolls, watches.count) {
                let watch = watches[next]
                group.addTask { await WatchRound(environment, watch: watch).poll() != nil }
                next += 1
            }
            while let failed = await group.next() {
                if failed { failures += 1 }
                if next < watches.count {
                    let watch = watches[next]
                    group.addTask { await WatchRound(environment, watch: watch).poll() != nil }
                    next += 1
                }
            }
            return failures
        }
        return failures == watches.count ? .failed : .succeeded
    }

    package func pollForever(_ environment: FeedEnvironment) async {
        let watches = environment.config.watches.filter(\.enabled)
        await WatchScheduler(env: environment, rounds: watches.map { WatchRound(environment, watch: $0) }).run()
    }
}
