import Foundation
import NotifierEngine

/// A price history as one line of block characters, lowest to highest.
package enum Sparkline {
    package static let blocks = Array("▁▂▃▄▅▆▇█")

    package static func render(_ values: [Decimal], width: Int = 40) -> String {
        let recent = Array(values.suffix(width))
        guard let low = recent.min(), let high = recent.max() else { return "no history yet" }
        guard high > low else { return String(repeating: blocks[3], count: recent.count) }
        return String(
            recent.map { value in
                let position = NSDecimalNumber(decimal: (value - low) / (high - low)).doubleValue
                return blocks[min(blocks.count - 1, max(0, Int(position * Double(blocks.count - 1) + 0.5)))]
            })
    }
}

/// Indented, sorted JSON on standard output: every view's `--json`.
package enum PrettyJSON {
    package static func print<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A date as every JSON time of notifier: ISO 8601 with the local offset.
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RelativeTime.iso(date))
        }
        FileHandle.standardOutput.write(try encoder.encode(value) + Data("\n".utf8))
    }
}
