import Foundation
import NotifierEngine

extension Duration {
    /// Parses "30s", "15m", "6h", "1d" and combinations such as "1h30m".
    package static func parse(_ text: String) -> Duration? {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        var total: Int64 = 0
        var number: Int64?
        for character in text.trimmingCharacters(in: .whitespaces) {
            if let digit = character.wholeNumberValue, character.isASCII {
                let (product, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                number = product + Int64(digit)
            } else if let unit = units[character], let value = number {
                let (seconds, overflow) = value.multipliedReportingOverflow(by: unit)
                let (sum, overflowing) = total.addingReportingOverflow(seconds)
                guard !overflow, !overflowing else { return nil }
                total = sum
                number = nil
            } else {
                return nil
            }
        }
        guard number == nil, total > 0 || text.contains("0") else { return nil }
        return .seconds(total)
    }

    /// The shortest form `parse` reads back: "1h30m".
    package var configText: String {
        var seconds = components.seconds
        guard seconds > 0 else { return "0s" }
        var text = ""
        for (unit, size) in [("d", Int64(86400)), ("h", 3600), ("m", 60), ("s", 1)] where seconds >= size {
            text += "\(seconds / size)\(unit)"
            seconds %= size
        }
        return text
    }
}
