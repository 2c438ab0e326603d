import Foundation
import NotifierEngine

extension DeepLink.View {
    /// One coin; the argument is its ticker symbol.
    public static let crypto = DeepLink.View(rawValue: "crypto")
}

extension LinkedView {
    /// `notifier open crypto BTC`: 1–12 ASCII capitals and digits.
    public static let crypto = LinkedView("crypto") { Ticker.isLinkSymbol($0) }
}

extension DeepLink {
    /// `nil` unless the symbol is 1–12 ASCII letters and digits.
    public static func crypto(_ symbol: String) -> DeepLink? {
        DeepLink(.crypto, argument: Ticker.uppercased(symbol))
    }
}

extension Ticker {
    /// The symbol as a coin's link names it, upper-cased; `nil` when `DeepLink.crypto` has no link
    /// for it. A symbol already in capitals and digits, nearly every one, is told in one pass: a
    /// poll asks for each of its thousands of coins, once per rule.
    public static func linkSymbol(_ symbol: String) -> String? {
        if isLinkSymbol(symbol) { return symbol }
        let upper = uppercased(symbol)
        return isLinkSymbol(upper) ? upper : nil
    }

    /// 1–12 ASCII capitals and digits: what `notifier open crypto` takes.
    static func isLinkSymbol(_ symbol: String) -> Bool {
        var contiguous = symbol
        return contiguous.withUTF8 { bytes in
            (1...12).contains(bytes.count) && bytes.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
        }
    }
}
