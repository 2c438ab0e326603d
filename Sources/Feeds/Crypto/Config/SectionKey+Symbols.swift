import Foundation
import NotifierCore
import NotifierEngine

extension SectionKey {
    /// Coin symbols: 1–12 ASCII letters or digits each.
    package static func symbols(_ key: String, _ field: WritableKeyPath<Root, [String]> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                let problem = "must be a list of coin symbols such as [\"BTC\", \"ETH\"], got \(value.shownForError)"
                if case .strings(let symbols) = value {
                    guard symbols.allSatisfy({ DeepLink.crypto($0) != nil }) else { return problem }
                    config[keyPath: field] = symbols.map { $0.uppercased() }
                    return nil
                }
                if value.isEmptyArray {
                    config[keyPath: field] = []
                    return nil
                }
                return problem
            }, render: { "[" + $0[keyPath: field].map(\.tomlQuoted).joined(separator: ", ") + "]" })
    }
}
