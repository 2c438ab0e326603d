import Foundation
import NotifierEngine

extension SectionKey {
    /// `flap = { crossings = 4, within = "2h" }`: a subject firing that often is "flapping" (one
    /// notice, then quiet until calm for `within`); `{}` or `crossings = 0` for off.
    package static func flap(_ key: String, _ field: WritableKeyPath<Root, FlapPolicy?> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                let problem = "must be an inline table such as { crossings = 4, within = \"2h\" }, or {} for off, got \(value.shownForError)"
                if case .tableOfTables(let table) = value, table.isEmpty {
                    config[keyPath: field] = nil
                    return nil
                }
                guard case .table(let fields) = value else { return problem }
                if let unknown = fields.keys.sorted().first(where: { !["crossings", "within"].contains($0) }) {
                    return "has \(unknown.tomlQuoted), which is not crossings or within"
                }
                guard let crossings = fields["crossings"]?.intValue, crossings == 0 || (2...1000).contains(crossings) else {
                    return "needs crossings, a whole number from 2 to 1000 (0 for off), got \(fields["crossings"]?.shownForError ?? "none")"
                }
                guard let text = fields["within"]?.stringValue, let within = Duration.parse(text), within >= .seconds(60) else {
                    return "needs within, a duration of at least \"1m\" such as \"2h\", got \(fields["within"]?.shownForError ?? "none")"
                }
                config[keyPath: field] = crossings == 0 ? nil : FlapPolicy(crossings: crossings, within: within)
                return nil
            },
            render: { config in
                guard let flap = config[keyPath: field] else { return "{}" }
                return "{ crossings = \(flap.crossings), within = \(flap.within.configText.tomlQuoted) }"
            })
    }
}
