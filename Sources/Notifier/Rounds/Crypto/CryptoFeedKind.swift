import ArgumentParser
import Foundation
import NotifierCrypto
import NotifierEngine

/// CoinLore's tickers, for `crypto_change`, `crypto_cross` and `crypto_move`.
struct CryptoFeedKind: FeedKind {
    var name: String { CryptoFeed.name }
    var views: [FeedView] { [.crypto] }
    func pollInterval(_ config: Config) -> Duration? { config.crypto.enabled ? config.crypto.interval : nil }
    var lists: [any ParsableCommand.Type] { [ListCrypto.self] }
    var rules: [any Rule.Type] { [CryptoChangeRule.self, PriceCrossingRule.self, CryptoMoveRule.self] }
    var bubbleKinds: [(prefix: String, kind: BubbleKind)] { [("crypto_", BubbleKind(rawValue: "crypto"))] }
    var configSections: [ConfigSectionEntry] {
        [
            ConfigSectionEntry(\.crypto, in: .feed), ConfigSectionEntry(\.cryptoChange, in: .rules),
            ConfigSectionEntry(\.cryptoMove, in: .rules), ConfigSectionEntry(\.cryptoCross, in: .rules),
        ]
    }
    func failingFeedLine(lastError: String) -> String? {
        "unknown: \(lastError) (states below are as of the last good poll)"
    }

    func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome {
        await CryptoRound(environment).pollOnce()
    }

    func pollForever(_ environment: FeedEnvironment) async {
        await CryptoRound(environment).pollForever()
    }
}
