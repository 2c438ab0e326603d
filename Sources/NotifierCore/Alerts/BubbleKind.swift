import NotifierEngine

/// What kind of alert a bubble is, told to the desktop through the spec's `category` and
/// `sound-name` hints, so dunst rules, mako criteria and GNOME's settings can style or silence
/// notifier's bubbles by kind. Each feed kind brings its own (`FeedKind.bubbleKinds`); a feed's
/// health and the summaries are everyone's.
package struct BubbleKind: Sendable, Equatable {
    /// `crypto` in `x-notifier.crypto`.
    package let rawValue: String
    /// The `sound-name` hint of its bubbles, from the freedesktop sound naming spec; `nil` leaves
    /// the sound to the desktop.
    package var soundName: String? = nil

    package static let feed = BubbleKind(rawValue: "feed")
    package static let summary = BubbleKind(rawValue: "summary")

    /// `x-notifier.crypto`: the spec's `class.specific` form, in the `x-` space of vendor classes.
    package var category: String { "x-notifier.\(rawValue)" }

    package init(rawValue: String, soundName: String? = nil) {
        self.rawValue = rawValue
        self.soundName = soundName
    }
}
