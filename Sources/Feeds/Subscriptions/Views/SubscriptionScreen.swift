import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier open subscription NAME [ID]` on a terminal (where a bubble's click lands): the
/// printout's lines; `o` opens the message's link in the browser (xdg-open, an argv).
package struct SubscriptionViewModel: ScreenModel {
    package let title: String
    package let lines: [String]
    package let link: String?
    package private(set) var top = 0

    package static func title(name: String, message: NtfyMessage?) -> String {
        "Subscription \(name)" + (message.map { " — \(TextSanitizer.singleLine($0.title ?? $0.topic))" } ?? "")
    }

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        let body = lines.map { StyledLine(TextSanitizer.singleLine($0)) }
        var keys = [KeyHelp(keys: "↑↓", action: "scroll", inFooter: false)]
        if link != nil { keys.append(KeyHelp(keys: "o", action: "open the link")) }
        return ScreenFrame(
            title: StyledLine(title), body: Array(body.dropFirst(min(top, max(0, body.count - 1)))), focus: nil, status: nil, keys: keys)
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        switch event {
        case .key(.character("o")): return link.map { [.openURL($0)] } ?? []
        case .key(.down), .key(.character("j")): top += 1
        case .key(.up), .key(.character("k")): top = max(0, top - 1)
        case .key(.home): top = 0
        default: break
        }
        return []
    }
}
