import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine

/// CoinLore's tickers, for `crypto_change`, `crypto_cross` and `crypto_move`.
package struct CryptoFeedKind: FeedKind, FailingFeedLine {
    package init() {}

    package var storeMigrations: [StoreMigration] { StoreMigration.crypto }
    package var name: String { CryptoFeed.name }
    package var views: [FeedView] { [.crypto] }
    package func pollInterval(_ config: Config) -> Duration? { config.crypto.enabled ? config.crypto.interval : nil }
    package var lists: [any ParsableCommand.Type] { [ListCrypto.self] }
    package var rules: [any Rule.Type] { [CryptoChangeRule.self, PriceCrossingRule.self, CryptoMoveRule.self] }
    package var bubbleKinds: [(prefix: String, kind: BubbleKind)] { [("crypto_", BubbleKind(rawValue: "crypto"))] }
    package var configSections: [ConfigSectionEntry] {
        [
            ConfigSectionEntry(\.crypto, in: .feed), ConfigSectionEntry(\.cryptoChange, in: .rules),
            ConfigSectionEntry(\.cryptoMove, in: .rules), ConfigSectionEntry(\.cryptoCross, in: .rules),
        ]
    }
    package func failingFeedLine(lastError: String) -> String? {
        "unknown: \(lastError) (states below are as of the last good poll)"
    }

    package func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome {
        await CryptoRound(environment).pollOnce()
    }

    package func pollForever(_ environment: FeedEnvironment) async {
        await CryptoRound(environment).pollForever()
    }
}
