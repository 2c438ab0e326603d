import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The countries the views and the launch rule use: the latest fetched snapshot when the
/// config names a remote source, else (or until one is fetched) the embedded data set.
package struct CountryData: Sendable {
    package let catalog: CountryCatalog
    /// Where it came from, for the detail view's last line.
    package let origin: String
    package let fetchedAt: Date?

    /// The data's date: when a remote snapshot was fetched, else the embedded data's month.
    package var dataDate: String { fetchedAt.map(UTCStamp.text) ?? EmbeddedCountries.dataDate }
    /// "Source: …; data of …": the last line of every country view.
    package var sourceLine: String { "Source: \(origin); data of \(dataDate)" }

    package static let embedded = CountryData(catalog: EmbeddedCountries.catalog, origin: EmbeddedCountries.sourceDescription, fetchedAt: nil)

    /// Reads the snapshot without creating a store: views must stay fast and side-effect free.
    /// `store`: one already open (the daemon's): a store opened and closed here takes GRDB's
    /// dispatch queues with it, and disposing one starts libdispatch's ticking worker pool.
    package static func current(config: Config, paths: XDGPaths, store open: Store? = nil) -> CountryData {
        guard config.countries.source != .embedded, let store = open ?? Store.openForReading(path: paths.storePath),
            let snapshot = try? store.snapshot(feed: CountriesFeed.name), snapshot.source == config.countries.source.rawValue
        else { return .embedded }
        let catalog = CountryCatalog(text: snapshot.payload)
        guard catalog.count > 0 else { return .embedded }
        return CountryData(
            catalog: catalog, origin: "\(snapshot.source) (\(Redaction.maskSecrets(in: config.countries.baseURL)))", fetchedAt: snapshot.fetchedAt)
    }
}

/// Fetches a remote country source when its snapshot is older than the feed's interval.
package struct CountriesRefresher: Sendable {
    package let config: Config
    package let http: HTTPClient

    package enum Outcome: Equatable {
        case notNeeded
        case fetched(count: Int)
        case failed(FeedError)
    }

    package func refreshIfDue(store: Store?, now: Date) async -> Outcome {
        guard config.countries.enabled, config.countries.source != .embedded else { return .notNeeded }
        if let snapshot = try? store?.snapshot(feed: CountriesFeed.name), snapshot.source == config.countries.source.rawValue,
            now.timeIntervalSince(snapshot.fetchedAt) < Double(config.countries.interval.components.seconds)
        {
            return .notNeeded
        }
        let feed = CountriesFeed(
            http: http, source: config.countries.source, baseURL: config.countries.baseURL,
            apiKey: config.countries.apiKey.revealed)
        do {
            let countries = try await feed.fetchAll()
            let snapshot = FeedSnapshot(
                feed: CountriesFeed.name, source: config.countries.source.rawValue, fetchedAt: now,
                payload: CountryCatalog.text(for: countries))
            try? store?.save(snapshot)
            return .fetched(count: countries.count)
        } catch {
            return .failed(error)
        }
    }
}
