import Foundation
import NotifierEngine

/// When each feed last polled, kept by the daemon across reloads, so that a reload keeps a
/// feed's schedule unless that feed's own settings changed (an editor saving
/// the file and sending SIGHUP at every save must not poll the API at every save).
package actor FeedPacing {
    private struct Last {
        var at: Date
        var settings: any Sendable
    }

    private var last: [String: Last] = [:]

    package init() {}

    /// How long a new generation of `feed`'s loop waits before its first poll: what is left of
    /// its interval since the previous generation's last poll; nothing when it never polled, when
    /// its settings changed (a new URL or interval is the point of the reload) or when the clock
    /// went back.
    package func firstWait<Settings: Equatable & Sendable>(feed: String, settings: Settings, interval: Duration, now: Date) -> Duration? {
        guard let previous = last[feed], let before = previous.settings as? Settings, before == settings else { return nil }
        let elapsed = now.timeIntervalSince(previous.at)
        let left = Double(interval.components.seconds) - elapsed
        guard elapsed >= 0, left > 0 else { return nil }
        return .milliseconds(Int64(left * 1000))
    }

    package func polled<Settings: Equatable & Sendable>(feed: String, settings: Settings, at date: Date) {
        last[feed] = Last(at: date, settings: settings)
    }
}
