import Foundation
import NotifierEngine

/// A section a feed adds to the home screen (`notifier status`): its heading and lines, each
/// opening a link, and the same as data under its key of `status --json`.
package struct StatusSection: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        /// The line, after the selection mark.
        package var spans: [Span]
        /// The `notifier://` link Enter opens.
        package var link: String
        /// Its fields in `--json`, beside `link`.
        package var fields: [String: String]
        /// What it is, in the kind column of the home screen's "Next" ("holiday").
        package var kind: String

        package init(spans: [Span], link: String, fields: [String: String], kind: String) {
            self.spans = spans
            self.link = link
            self.fields = fields
            self.kind = kind
        }
    }

    package var heading: String
    /// Its key in `--json` (snake_case).
    package var jsonKey: String
    /// Shown as "none" when empty.
    package var entries: [Entry]
    package init(heading: String, jsonKey: String, entries: [Entry]) {
        self.heading = heading
        self.jsonKey = jsonKey
        self.entries = entries
    }
}
