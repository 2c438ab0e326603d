import NotifierCore
import NotifierEngine

/// How the program's alerts look in a bubble: the kinds (`category`, `sound-name`) and the
/// buttons their feeds give them. Made once, with the `Program`.
package struct BubbleStyle: Sendable {
    /// Rule ids, by prefix, and their kind: the feeds', then the shared ones.
    package let kinds: [(prefix: String, kind: BubbleKind)]
    /// Rules whose alerts come from the engine, which is what honours mutes and snoozes.
    package var silenceable: Set<String>
    /// The feeds, whose own buttons (a reminder's Done) come before the usual ones.
    package let feeds: [any FeedKind]

    package init(feeds: [any FeedKind]) {
        self.feeds = feeds
        kinds = feeds.flatMap(\.bubbleKinds) + [("feed_", .feed), (Outbox.summaryRule, .summary)]
        silenceable = NotificationAction.silenceable(feeds.flatMap(\.rules))
    }
}
