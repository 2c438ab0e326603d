import Foundation
import NotifierEngine

extension DeepLink.View {
    /// One coin; the argument is its ticker symbol.
    public static let crypto = DeepLink.View(rawValue: "crypto")
}

extension LinkedView {
    /// `notifier open crypto BTC`: 1–12 ASCII capitals and digits.
    public static let crypto = LinkedView("crypto") { argument in
        (1...12).contains(argument.utf8.count)
            && argument.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
    }
}

extension DeepLink {
    /// `nil` unless the symbol is 1–12 ASCII letters and digits.
    public static func crypto(_ symbol: String) -> DeepLink? {
        DeepLink(.crypto, argument: Ticker.uppercased(symbol))
    }
}
