import Foundation
import NotifierEngine

/// Amounts as people read them in a view: "$1.97 T", "$60.99 B"; exact values stay in --json.
package enum Amounts {
    package static func dollars(_ value: Decimal?) -> String {
        guard let value else { return "n/a" }
        return "$" + scaled(NSDecimalNumber(decimal: value).doubleValue)
    }

    package static func scaled(_ value: Double) -> String {
        let magnitude = abs(value)
        for (limit, suffix) in [(1e12, "T"), (1e9, "B"), (1e6, "M")] where magnitude >= limit {
            return String(format: "%.2f %@", value / limit, suffix)
        }
        if magnitude >= 1000 { return value.formatted(.number.precision(.fractionLength(0...2)).locale(Locale(identifier: "en_US"))) }
        if magnitude >= 1 { return String(format: "%.2f", value) }
        // Small prices keep four significant digits: $0.0001234.
        return value == 0 ? "0" : String(format: "%.4g", value)
    }
}
