import Foundation
import NotifierCore
import NotifierEngine

/// The crypto settings' own kinds of key.
extension SectionKey {
    /// `{ BTC = { threshold_percent = 3, rearm_percent = 2 } }`: levels for one coin.
    package static func changeOverrides(
        _ key: String, _ field: WritableKeyPath<Root, [String: CryptoChangeRule.Levels]> & Sendable,
        level: String = "threshold_percent"
    ) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard case .tableOfTables(let table) = value else {
                    return "must be a table of coins such as { BTC = { \(level) = 3, rearm_percent = 2 } }, got \(value.shownForError)"
                }
                var overrides: [String: CryptoChangeRule.Levels] = [:]
                for (symbol, fields) in table {
                    guard DeepLink.crypto(symbol) != nil else { return "has \(symbol.tomlQuoted), which is not a coin symbol" }
                    guard Set(fields.keys).isSubset(of: [level, "rearm_percent"]),
                        let threshold = fields[level]?.numberValue, threshold > 0,
                        let rearm = fields["rearm_percent"]?.numberValue, rearm >= 0, rearm < threshold
                    else { return "\(symbol) needs \(level) and a smaller rearm_percent, both numbers" }
                    overrides[symbol.uppercased()] = CryptoChangeRule.Levels(threshold: threshold, rearm: rearm)
                }
                config[keyPath: field] = overrides
                return nil
            },
            render: { config in
                let entries = config[keyPath: field].sorted { $0.key < $1.key }.map {
                    "\($0.key) = { \(level) = \($0.value.threshold.shortText), rearm_percent = \($0.value.rearm.shortText) }"
                }
                return "{ " + entries.joined(separator: ", ") + (entries.isEmpty ? "}" : " }")
            })
    }

    /// Price levels such as "BTC > 100000".
    package static func priceLevels(_ key: String, _ field: WritableKeyPath<Root, [String]> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                if value.isEmptyArray {
                    config[keyPath: field] = []
                    return nil
                }
                guard case .strings(let levels) = value else {
                    return "must be a list of levels such as [\"BTC > 100000\", \"ETH < 1800\"], got \(value.shownForError)"
                }
                if let bad = levels.first(where: { PriceCrossingRule.Level(parsing: $0) == nil }) {
                    return "has \(bad.tomlQuoted), which is not \"SYMBOL > PRICE\" or \"SYMBOL < PRICE\""
                }
                config[keyPath: field] = levels
                return nil
            }, render: { "[" + $0[keyPath: field].map(\.tomlQuoted).joined(separator: ", ") + "]" })
    }
}
