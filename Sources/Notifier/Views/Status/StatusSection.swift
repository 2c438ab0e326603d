import Foundation

/// A section a feed adds to the home screen (`notifier status`): its heading and lines, each
/// opening a link, and the same as data under its key of `status --json`.
struct StatusSection: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        /// The line, after the selection mark.
        var spans: [Span]
        /// The `notifier://` link Enter opens.
        var link: String
        /// Its fields in `--json`, beside `link`.
        var fields: [String: String]
    }

    var heading: String
    /// Its key in `--json` (snake_case).
    var jsonKey: String
    /// Shown as "none" when empty.
    var entries: [Entry]
}
