import NotifierCore
import NotifierEngine
import NotifierSystem

extension TextSanitizer {
    /// The most a notification's title and body may hold: beyond a few lines a bubble shows
    /// nothing more, and a 100 kB country name must not fill the store.
    package static let maxTitleCharacters = 200
    package static let maxBodyCharacters = 2000

    /// An alert fit to show and to record: no control or bidi characters, the title on one
    /// line, both cut to their limits with an ellipsis. Applied once, as alerts enter the outbox.
    package static func bounded(_ alert: Alert) -> Alert {
        var bounded = alert
        bounded.title = cut(singleLine(alert.title), to: maxTitleCharacters)
        bounded.body = cut(printable(alert.body), to: maxBodyCharacters)
        bounded.reason = alert.reason.map { cut(singleLine($0), to: maxBodyCharacters) }
        bounded.members = alert.members?.map { Self.bounded($0) }
        return bounded
    }
}
