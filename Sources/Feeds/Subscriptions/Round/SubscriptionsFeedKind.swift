import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine

/// The person's `[[subscriptions]]`: ntfy topics whose messages are notifications here.
package struct SubscriptionsFeedKind: FeedKind {
    package init() {}

    package var storeMigrations: [StoreMigration] { StoreMigration.subscriptions }
    package var name: String { "subscriptions" }
    package var views: [FeedView] { [.subscription] }
    package var rules: [any Rule.Type] { [SubscriptionRule.self] }
    package var bubbleKinds: [(prefix: String, kind: BubbleKind)] { [("subscription", BubbleKind(rawValue: "subscription"))] }
    package var configEntryLists: [ConfigEntryList] { [ConfigEntryList(\.subscriptions)] }
    package var configSections: [ConfigSectionEntry] { [ConfigSectionEntry(\.subscriptionRule, in: .rules)] }

    package func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome {
        let subscriptions = environment.config.subscriptions.filter(\.enabled)
        guard !subscriptions.isEmpty else { return .notPolled }
        var failures = 0
        for subscription in subscriptions where await SubscriptionRound(env: environment, subscription: subscription).pollOnce() != nil {
            failures += 1
        }
        return failures == subscriptions.count ? .failed : .succeeded
    }

    package func pollForever(_ environment: FeedEnvironment) async {
        let subscriptions = environment.config.subscriptions.filter(\.enabled)
        var random = SeededGenerator(seed: environment.seed ?? UInt64.random(in: 1...UInt64.max))
        await withTaskGroup(of: Void.self) { group in
            for subscription in subscriptions {
                let seeded = SeededGenerator(seed: random.next())
                group.addTask { await SubscriptionRound(env: environment, subscription: subscription).streamForever(random: seeded) }
            }
        }
    }
}
