import NotifierCore
import NotifierEngine

/// What one bubble says and offers on one notification server: decided from the alert and the
/// server's `GetCapabilities` alone, so every server gets what it can show.
/// - without `actions` the body ends with the command to run, the only way from it to the view;
/// - without `body-markup` the body is the plain text, escaped nowhere; with it, escaped once;
/// - with `body-hyperlinks` (and markup) the command is a link to the view;
/// - without `persistence` a closed bubble is gone, so the first one says where to find it.
package struct BubbleLayout: Equatable, Sendable {
    /// Plain text: the spec has no markup in the summary.
    package var summary: String
    package var body: String
    package var actions: [NotificationAction]
    package var category: String
    package var soundName: String?
    /// Whether the body ends with where past notifications are (see `historyLine`).
    package var mentionsHistory: Bool

    package static let historyLine = "Past notifications: notifier history"

    /// `historyMentioned`: this server has been told already where past notifications are.
    package init(_ alert: Alert, capabilities: Set<String>, historyMentioned: Bool = false, style: BubbleStyle) {
        let markup = capabilities.contains("body-markup")
        let text = { (plain: String) -> String in markup ? escapeMarkup(plain) : plain }
        var lines = [text(alert.body)]
        if markup && capabilities.contains("body-hyperlinks") {
            lines.append("<a href=\"\(escapeMarkup(alert.deepLink.url))\">\(escapeMarkup(alert.deepLink.command))</a>")
        } else if !capabilities.contains("actions") {
            lines.append(text("→ \(alert.deepLink.command)"))
        }
        mentionsHistory = !historyMentioned && !capabilities.contains("persistence") && alert.deepLink.view != .history
        if mentionsHistory { lines.append(Self.historyLine) }
        summary = alert.title
        body = lines.filter { !$0.isEmpty }.joined(separator: "\n")
        actions = NotificationAction.offered(for: alert, capabilities: capabilities, in: style)
        category = BubbleKind.category(for: alert, in: style)
        soundName = BubbleKind.soundName(for: alert, in: style)
    }
}
