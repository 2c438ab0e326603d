import Foundation
import NotifierEngine

/// The configuration in effect: one section per table of the file, each owned by what it
/// configures (each feed's `Config/` folder in its library): its keys, their defaults, its checks, its rule and its block
/// of the documented default file (`config/notifier.toml`, which is `config default`). The
/// feeds' sections are kept by type and reached through each feed's own accessors
/// (`Config+<Feed>.swift` there); the sections every feed shares are stored here.
package struct Config: Sendable, Equatable {
    package init() {}

    package var views = ViewSettings()
    /// How long the store keeps what it was told: feeds and delivery alike.
    package var history = HistorySettings()
    /// The repeated tables the file was read with (its `ConfigSchema`'s), for what asks about
    /// any entry's channels or acknowledgement; not part of the value.
    package var entryLists: [ConfigEntryList] = []
    /// The sections and repeated tables of the feeds and of delivery's features, and the rule
    /// keys' values, by type; one absent is at its defaults.
    private var parts: [ObjectIdentifier: any ConfigPart] = [:]

    package subscript<Part: ConfigPart>(part: Part.Type) -> Part {
        get { parts[ObjectIdentifier(part)] as? Part ?? Part.initial }
        set { parts[ObjectIdentifier(part)] = newValue }
    }

    package static func == (lhs: Config, rhs: Config) -> Bool {
        guard lhs.views == rhs.views, lhs.history == rhs.history else { return false }
        return Set(lhs.parts.keys).union(rhs.parts.keys).allSatisfy { key in
            switch (lhs.parts[key], rhs.parts[key]) {
            case (let left?, let right?): left.isSame(as: right)
            case (let part?, nil), (nil, let part?): part.isInitial
            case (nil, nil): true
            }
        }
    }

    /// The sections every feed shares, each in its place.
    package static let sharedSections: [ConfigSectionEntry] = [
        ConfigSectionEntry(\.views, in: .views),
        ConfigSectionEntry(\.history, in: .history),
    ]

    /// The feeds' tables, the shared ones and delivery's features', in the order `config check`
    /// and `config default` print them: by place, then in that order (`ConfigSchema`).
    package static func ordered(_ feedSections: [ConfigSectionEntry], delivery: [ConfigSectionEntry] = []) -> [ConfigSectionEntry] {
        let all = feedSections + sharedSections + delivery
        return all.enumerated().sorted { ($0.element.place, $0.offset) < ($1.element.place, $1.offset) }.map(\.element)
    }
}

/// A feed's part of the config, kept by type in `Config`: a section, or a repeated table's
/// entries.
package protocol ConfigPart: Sendable {
    /// Its value without a config file.
    static var initial: Self { get }
    func isSame(as other: any ConfigPart) -> Bool
}

extension ConfigPart where Self: Equatable {
    package func isSame(as other: any ConfigPart) -> Bool { (other as? Self) == self }
}

extension ConfigPart {
    package var isInitial: Bool { isSame(as: Self.initial) }
}

extension Array: ConfigPart where Element: ConfigEntry {
    package static var initial: [Element] { Element.defaults }
}

package struct ConfigError: Error, CustomStringConvertible, Equatable {
    package var file: String
    package var line: Int?
    package var message: String

    /// Keys and paths come from the user's file: never printed raw (see `VisibleText`).
    package var description: String {
        let shown = VisibleText.escaped(message)
        if let line { return "\(VisibleText.escaped(file)):\(line): \(shown)" }
        return "\(VisibleText.escaped(file)): \(shown)"
    }
    package init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }
}

/// A TOML value as the settings see it, apart from the TOML library.
package enum ConfigValue: Sendable, Equatable {
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case strings([String])
    case integers([Int])
    /// A table whose values are all tables (per-symbol overrides), or an empty one (`{}`).
    case tableOfTables([String: [String: ConfigValue]])
    /// An inline table of plain values: `{ name = "Tartu", latitude = 58.38, longitude = 26.72 }`.
    case table([String: ConfigValue])
    /// An array of mixed or non-scalar values.
    case list([ConfigValue])
    /// Any other TOML type, described for the error message ("an array").
    case other(String)

    /// `[]` as the TOML library reads it: no element says what type the array holds.
    package static let emptyArray = ConfigValue.other("an empty array")

    package var isEmptyArray: Bool { self == .emptyArray }
    /// A list of strings, `[]` included.
    package var stringList: [String]? {
        switch self {
        case .strings(let list): list
        case .emptyArray: []
        default: nil
        }
    }

    package var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    package var intValue: Int? { if case .integer(let value) = self { value } else { nil } }
    package var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// TOML writes 5 and 5.0 differently; a percentage may be either.
    package var numberValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .double(let value): return value.isFinite ? value : nil
        default: return nil
        }
    }

    package var shownForError: String {
        switch self {
        case .bool(let value): return "\(value)"
        case .integer(let value): return "\(value)"
        case .double(let value): return "\(value)"
        case .string(let value): return value.tomlQuoted
        case .strings(let values): return "[" + values.map(\.tomlQuoted).joined(separator: ", ") + "]"
        case .integers(let values): return "[" + values.map(String.init).joined(separator: ", ") + "]"
        case .tableOfTables, .table: return "a table"
        case .list: return "an array"
        case .other(let description): return description
        }
    }
}
