import Foundation
import NotifierEngine

/// One row of the home screen's first section: something that polls or waits, with its state.
/// Feeds bring theirs; watches and reminders add a `StatusRowsProvider` of their own.
package struct StatusRow: Sendable, Equatable {
    /// "feed", "watch", "reminder".
    package var kind: String
    package var name: String
    package var state: String
    package var lastPoll: Date?
    package var nextPoll: Date?
    /// "ok", or what is wrong in a line.
    package var health: String
    /// The `notifier://` link Enter opens.
    package var link: String
    package init(kind: String, name: String, state: String, lastPoll: Date? = nil, nextPoll: Date? = nil, health: String, link: String) {
        self.kind = kind
        self.name = name
        self.state = state
        self.lastPoll = lastPoll
        self.nextPoll = nextPoll
        self.health = health
        self.link = link
    }
}

/// A source of home-screen rows. Add one to `StatusRowsProviders.all` and `notifier status`
/// (screen and `--json`) shows its rows; nothing else changes.
package protocol StatusRowsProvider: Sendable {
    func statusRows(store: Store?, config: Config, now: Date) -> [StatusRow]
}
