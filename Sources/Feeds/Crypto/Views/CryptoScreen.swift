import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Starts the live crypto views: the stored poll first, then every `feeds.crypto.interval` the
/// feed's round is asked to poll (`RoundPoll`) and the store read again. Only a feed that no
/// round polls (off in the config) is fetched by the screen itself, and that is never stored:
/// the next poll measures each change from the last stored prices.
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
            fetch: { await refresh(context: context) })
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

    /// The round's poll, then what it stored: its prices, or why it has none.
    package static func refresh(context: AppContext) async -> CryptoListModel.Fetched {
        guard context.config.crypto.enabled else { return await fetch(config: context.config, time: context.time) }
        let outcome = await RoundPoll.poll(CryptoFeed.name, context: context)
        // A daemon whose config has crypto off: nothing polls it there either.
        if outcome == .daemon(.notPolling) { return await fetch(config: context.config, time: context.time) }
        let store = Store.openForReading(path: context.paths.storePath)
        if let (health, lastError) = (try? store?.feedHealth(feed: CryptoFeed.name)) ?? nil, health.consecutiveFailures > 0 {
            return .failed(TextSanitizer.singleLine(lastError.map(FeedError.cause(inStored:)) ?? "the last poll failed"))
        }
        guard let latest = store?.latestTickers() else { return .failed("no crypto data yet") }
        if case .pass(let told) = outcome { return .tickers(latest.tickers, at: latest.fetchedAt, told: told) }
        return .tickers(latest.tickers, at: latest.fetchedAt)
    }

    /// A poll of a feed no round polls, as the daemon would make it: a new poller each time, so
    /// each fetch resolves the watched coins afresh.
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
