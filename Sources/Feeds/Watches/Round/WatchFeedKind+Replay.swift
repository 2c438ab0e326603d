import Foundation
import NotifierCore
import NotifierEngine

/// `notifier test`'s replay of a watch's recorded responses (`0001-2026-12-23T09:00.watch-NAME.json`):
/// its selector over the recording, handed to `WatchRound` as a fetch's answer.
extension WatchFeedKind: RecordedFeed {
    package var recordingSuffixes: [String] { [] }

    package static func recordingSuffix(_ name: String) -> String { "watch-\(name)" }

    package func recordingSuffixes(with config: Config) -> [String] { config.watches.map { Self.recordingSuffix($0.name) } }

    package func records(_ suffix: String, config: Config) -> Bool {
        config.watches.contains { Self.recordingSuffix($0.name) == suffix }
    }

    package func replay(_ data: Data, suffix: String, environment: FeedEnvironment) async {
        guard let watch = environment.config.watches.first(where: { Self.recordingSuffix($0.name) == suffix }),
            let selector = try? WatchSelector(watch.select)
        else { return }
        let observation = WatchPoller.observation(selector.selectBlocking(data), of: data, status: "200", watch: watch)
        await WatchRound(environment, watch: watch).decide(observation, now: environment.now())
    }
}
