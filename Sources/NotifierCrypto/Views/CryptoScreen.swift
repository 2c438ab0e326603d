import Foundation
import Logging
import NotifierCore
import NotifierEngine

/// Starts the live crypto views: the stored poll first, then fetches with the feed's own
/// poller every `feeds.crypto.interval`, shown and never stored: the next poll measures each
/// change from the last stored prices, and prices a view stored would stand in for them.
package enum CryptoScreen {
    package static func listModel(context: AppContext) -> CryptoListModel {
        let store = Store.openForReading(path: context.paths.storePath)
        let latest = store?.latestTickers()
        let since = (latest?.fetchedAt ?? context.now()).addingTimeInterval(-86400)
        let stored = (try? store?.priceHistory(since: since)) ?? [:]
        var previous: [String: Decimal] = [:]
        for (symbol, points) in stored {
            if let fetchedAt = latest?.fetchedAt, let point = points.last(where: { $0.at < fetchedAt }) { previous[symbol] = point.price }
        }
        let config = context.config
        let time = context.time
        var model = CryptoListModel(
            tickers: latest?.tickers ?? [], fetchedAt: latest?.fetchedAt, previous: previous,
            history: stored.mapValues { $0.map(\.price) },
            interval: TimeInterval(config.crypto.interval.components.seconds), now: time.now,
            fetch: { await fetch(config: config, time: time) })
        model.marked = marked(store: store, now: context.now())
        return model
    }

    /// A group of crypto alerts links to this list: the coins of the newest such notification
    /// of the last hour are the ones the person clicked for.
    package static func marked(store: Store?, now: Date) -> (symbols: Set<String>, note: String)? {
        let link = DeepLink.list(CryptoFeed.name)?.command
        guard let group = ((try? store?.history(limit: 20)) ?? []).first(where: { $0.deepLink == link }),
            now.timeIntervalSince(group.deliveredAt) < 3600
        else { return nil }
        let symbols = group.key.split(separator: ",").map { String($0.split(separator: ":").first ?? $0).uppercased() }
        return (Set(symbols), "the coins of the notification \(RelativeTime.describe(group.deliveredAt, now: now)): \(symbols.joined(separator: ", "))")
    }

    /// One poll as the daemon makes it; a new poller each time, so each fetch resolves the
    /// watched coins afresh (the daemon keeps its ids between polls).
    package static func fetch(config: Config, time: TimeSource) async -> CryptoListModel.Fetched {
        // The screen is ncurses': the poller's warnings must not land on it.
        let quiet = Logger(label: "notifier.view") { _ in SwiftLogNoOpLogHandler() }
        let poller = CryptoPoller(config: config, http: HTTPClient(), clock: time.clock)
        switch await poller.poll(logger: quiet) {
        case .success(let tickers): return .tickers(tickers, at: time.now())
        case .failure(let error): return .failed(error.cause)
        }
    }
}
