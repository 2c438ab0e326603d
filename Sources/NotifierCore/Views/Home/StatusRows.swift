import Foundation
import NotifierEngine

/// A reminder's or a calendar alarm's next time, for the home screen's "Next".
package struct UpcomingRow: Sendable, Equatable {
    /// "reminder" or "alarm" (a calendar event's).
    package var kind: String
    package var name: String
    package var text: String
    package var at: Date
    /// The `notifier://` link Enter opens.
    package var link: String

    package init(kind: String, name: String, text: String, at: Date, link: String) {
        self.kind = kind
        self.name = name
        self.text = text
        self.at = at
        self.link = link
    }
}

/// Values a feed keeps an eye on (the watches), under their own heading of the home screen and
/// their own key in `status --json`.
package struct ValueSection: Sendable, Equatable {
    package var heading: String
    package var jsonKey: String
    /// How the names of its values' own health rows begin among the feeds' rows: the home screen
    /// tells those with the values, not among the feeds.
    package var healthPrefix: String
    package var rows: [ValueRow]

    package init(heading: String, jsonKey: String, healthPrefix: String, rows: [ValueRow]) {
        self.heading = heading
        self.jsonKey = jsonKey
        self.healthPrefix = healthPrefix
        self.rows = rows
    }

    /// Whether `row` is the health of one of these values' kind.
    package func owns(_ row: StatusRow) -> Bool {
        row.name.hasPrefix(healthPrefix)
    }
}

/// One value on the home screen: its value and state, and what is wrong when its last poll
/// brought no value.
package struct ValueRow: Sendable, Equatable {
    package var name: String
    package var enabled: Bool
    package var value: String?
    package var state: String
    package var lastFetch: Date?
    /// The last poll's trouble in a line; `nil` when it brought a value.
    package var problem: String?
    package var link: String

    package init(
        name: String, enabled: Bool = true, value: String?, state: String, lastFetch: Date?, problem: String? = nil,
        link: String
    ) {
        self.name = name
        self.enabled = enabled
        self.value = value
        self.state = state
        self.lastFetch = lastFetch
        self.problem = problem
        self.link = link
    }
}
