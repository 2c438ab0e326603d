import ArgumentParser
import Feeds
import Foundation
import Rules

/// CoinLore's tickers, for `crypto_change`, `crypto_cross` and `crypto_move`.
struct CryptoFeedKind: FeedKind {
    var name: String { CryptoFeed.name }
    var views: [FeedView] { [.crypto] }
    func pollInterval(_ config: Config) -> Duration? { config.crypto.enabled ? config.crypto.interval : nil }
    var lists: [any ParsableCommand.Type] { [ListCrypto.self] }

    func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome {
        await CryptoRound(environment).pollOnce()
    }

    func pollForever(_ environment: FeedEnvironment) async {
        await CryptoRound(environment).pollForever()
    }
}
