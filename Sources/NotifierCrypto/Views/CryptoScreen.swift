import Foundation
import Logging
import NotifierCore
import NotifierEngine

/// Starts the live crypto views: the stored poll first, then fetches through the daemon's
/// own poller, stored the same way (snapshot and price history), every `feeds.crypto.interval`.
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
        let paths = context.paths
        let time = context.time
        let migrations = context.program.storeMigrations
        var model = CryptoListModel(
            tickers: latest?.tickers ?? [], fetchedAt: latest?.fetchedAt, previous: previous,
            history: stored.mapValues { $0.map(\.price) },
            interval: TimeInterval(config.crypto.interval.components.seconds), now: time.now,
            fetch: { await fetchAndStore(config: config, paths: paths, time: time, migrations: migrations) })
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
    package static func fetchAndStore(config: Config, paths: XDGPaths, time: TimeSource, migrations: [StoreMigration]) async -> CryptoListModel.Fetched {
        // The screen is ncurses': the poller's warnings must not land on it.
        let quiet = Logger(label: "notifier.view") { _ in SwiftLogNoOpLogHandler() }
        let poller = CryptoPoller(config: config, http: HTTPClient(), clock: time.clock)
        switch await poller.poll(logger: quiet) {
        case .success(let tickers):
            let now = time.now()
            if let store = try? Store.openReplacingDamaged(path: paths.storePath, now: now, migrations: migrations).store,
                let data = try? JSONEncoder().encode(tickers)
            {
                try? store.save(FeedSnapshot(feed: CryptoFeed.name, source: "coinlore", fetchedAt: now, payload: String(decoding: data, as: UTF8.self)))
                try? store.appendPrices(tickers, at: now)
            }
            return .tickers(tickers, at: now)
        case .failure(let error):
            return .failed(error.cause)
        }
    }
}
