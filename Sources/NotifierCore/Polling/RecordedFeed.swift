import Foundation

/// A feed whose responses `notifier test` replays: one file of its API's response a step.
package protocol RecordedFeed: FeedKind {
    /// The parts of a recording's name that say it is this feed's: "coinlore"; one per API
    /// the feed can read ("open-meteo", "openweathermap").
    var recordingSuffixes: [String] { get }
    /// One recorded response (of the API `suffix` names), handed to the feed's own round as the
    /// answer of a poll at `environment.now()`. A response the feed could not read is the feed
    /// failing.
    func replay(_ data: Data, suffix: String, environment: FeedEnvironment) async
    /// Whether a recording's name is this feed's, given the config (a watch's name is the user's).
    func records(_ suffix: String, config: Config) -> Bool
    /// The names of its recordings with this config: its `recordingSuffixes`, and those of the
    /// instances the config makes (`watch-NAME` per `[[watches]]` entry).
    func recordingSuffixes(with config: Config) -> [String]
}

extension RecordedFeed {
    package func records(_ suffix: String, config: Config) -> Bool { recordingSuffixes.contains(suffix) }
    package func recordingSuffixes(with config: Config) -> [String] { recordingSuffixes }
}

extension FeedError {
    /// A recording the feed could not read, as the error its fetch would have given.
    package static func unreadableRecording(feed: String, suffix: String) -> FeedError {
        .decoding(RequestContext(feed: feed, method: "GET", url: "recording of \(suffix)"), detail: "not a response the feed can read")
    }
}
