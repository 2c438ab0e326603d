import Foundation
import NotifierCore
import NotifierEngine

/// The history stores each link as the command a person can type ("notifier open country KZ");
/// a screen opens it again as a `notifier://` link, validated like a click's.
package enum StoredLink {
    package static func url(fromCommand command: String, in catalog: LinkCatalog) -> String? {
        let words = command.split(separator: " ").map(String.init)
        guard words.first == "notifier" else { return nil }
        let url: String
        switch Array(words.dropFirst()) {
        case ["history"]: url = "notifier://history"
        case let parts where parts.count == 3 && parts[0] == "history" && parts[1] == "--group": url = "notifier://history/\(parts[2])"
        case let parts where parts.count == 2 && parts[0] == "list": url = "notifier://list/\(parts[1])"
        case let parts where parts.count == 3 && parts[0] == "open": url = "notifier://\(parts[1])/\(parts[2])"
        default: return nil
        }
        return (try? DeepLink(url: url, in: catalog))?.url
    }
}
