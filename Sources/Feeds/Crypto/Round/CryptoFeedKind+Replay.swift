import Foundation
import NotifierCore
import NotifierEngine

/// `notifier test`'s replay of a recorded CoinLore tickers page: the coins a poll would watch,
/// handed to `CryptoRound` as its answer.
extension CryptoFeedKind: RecordedFeed {
    package var recordingSuffixes: [String] { ["coinlore"] }

    package func replay(_ data: Data, suffix: String, environment: FeedEnvironment) async {
        let config = environment.config
        guard config.crypto.enabled else { return }
        let answer: Result<[Ticker], FeedError>
        if let page = try? CoinLoreDecoder.decodeTickersPage(data), !page.isEmpty {
            let wanted = Set(config.watchedSymbols.map { $0.uppercased() })
            answer = .success(page.enumerated().filter { $0.offset < config.crypto.top || wanted.contains($0.element.symbol.uppercased()) }.map(\.element))
        } else {
            answer = .failure(.unreadableRecording(feed: name, suffix: suffix))
        }
        _ = await CryptoRound(environment).decide(answer, now: environment.now())
    }
}
