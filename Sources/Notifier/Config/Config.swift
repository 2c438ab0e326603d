import Foundation
import NotifierEngine

/// The configuration in effect: one section per table of the file, each owned by what it
/// configures (`Config/<Feed>/`): its keys, their defaults, its checks, its rule and its block
/// of the documented default file (`config/notifier.toml`, which is `config default`). The
/// feeds' sections are kept by type and reached through each feed's own accessors
/// (`Config/<Feed>/Config+<Feed>.swift`); the sections every feed shares are stored here.
struct Config: Sendable, Equatable {
    var views = ViewSettings()
    var delivery = DeliverySettings()
    var history = HistorySettings()
    var sync = SyncSettings()
    /// `channels = […]` of `[rules.NAME]` tables, by rule: where its alerts always go too.
    var ruleChannels: [String: [String]] = [:]
    /// `acknowledge` and `escalate` of `[rules.NAME]` tables, by rule.
    var ruleAttention: [String: AttentionPolicy] = [:]
    /// `acknowledge` and `escalate` of repeated tables' entries, by array, then entry name.
    var entryAttention: [String: [String: AttentionPolicy]] = [:]
    /// The feeds' sections and repeated tables, by type; one absent is at its defaults.
    private var parts: [ObjectIdentifier: any ConfigPart] = [:]

    subscript<Part: ConfigPart>(part: Part.Type) -> Part {
        get { parts[ObjectIdentifier(part)] as? Part ?? Part.initial }
        set { parts[ObjectIdentifier(part)] = newValue }
    }

    static func == (lhs: Config, rhs: Config) -> Bool {
        guard lhs.views == rhs.views, lhs.delivery == rhs.delivery, lhs.history == rhs.history, lhs.sync == rhs.sync, lhs.ruleChannels == rhs.ruleChannels,
            lhs.ruleAttention == rhs.ruleAttention, lhs.entryAttention == rhs.entryAttention
        else {
            return false
        }
        return Set(lhs.parts.keys).union(rhs.parts.keys).allSatisfy { key in
            switch (lhs.parts[key], rhs.parts[key]) {
            case (let left?, let right?): left.isSame(as: right)
            case (let part?, nil), (nil, let part?): part.isInitial
            case (nil, nil): true
            }
        }
    }

    /// The sections every feed shares, each in its place.
    static let sharedSections: [ConfigSectionEntry] = [
        ConfigSectionEntry(\.views, in: .views),
        ConfigSectionEntry(\.delivery, in: .delivery),
        ConfigSectionEntry(\.history, in: .history),
        ConfigSectionEntry(\.sync, in: .sync),
    ]

    /// The feeds' tables and the shared ones, in the order `config check` and `config default`
    /// print them: by place, then in the feeds' order. The program's list, `Config.sections`, is
    /// made from `FeedRegistry` (Rounds/FeedRegistry+Config.swift), apart from this folder, which
    /// the fuzz harness compiles on its own.
    static func ordered(_ feedSections: [ConfigSectionEntry]) -> [ConfigSectionEntry] {
        let all = feedSections + sharedSections
        return all.enumerated().sorted { ($0.element.place, $0.offset) < ($1.element.place, $1.offset) }.map(\.element)
    }

    /// Environment variables that override a key, and the key they override.
    static let environmentKeys: [(variable: String, key: WritableKeyPath<Config, Secret> & Sendable)] = [
        ("NOTIFIER_RESTCOUNTRIES_KEY", \.countries.apiKey),
        ("NOTIFIER_HOLIDAYS_KEY", \.holidays.apiKey),
        ("NOTIFIER_OWM_KEY", \.forecast.apiKey),
    ]
}

/// A feed's part of the config, kept by type in `Config`: a section, or a repeated table's
/// entries.
protocol ConfigPart: Sendable {
    /// Its value without a config file.
    static var initial: Self { get }
    func isSame(as other: any ConfigPart) -> Bool
}

extension ConfigPart where Self: Equatable {
    func isSame(as other: any ConfigPart) -> Bool { (other as? Self) == self }
}

extension ConfigPart {
    var isInitial: Bool { isSame(as: Self.initial) }
}

extension Array: ConfigPart where Element: ConfigEntry {
    static var initial: [Element] { Element.defaults }
}

struct ConfigError: Error, CustomStringConvertible, Equatable {
    var file: String
    var line: Int?
    var message: String

    /// Keys and paths come from the user's file: never printed raw (see `VisibleText`).
    var description: String {
        let shown = VisibleText.escaped(message)
        if let line { return "\(VisibleText.escaped(file)):\(line): \(shown)" }
        return "\(VisibleText.escaped(file)): \(shown)"
    }
}

/// A TOML value as the settings see it, apart from the TOML library.
enum ConfigValue: Sendable, Equatable {
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case strings([String])
    case integers([Int])
    /// A table of coin symbols to tables of numbers, for per-symbol overrides.
    case symbolTable([String: [String: ConfigValue]])
    /// An inline table of plain values: `{ name = "Tartu", latitude = 58.38, longitude = 26.72 }`.
    case table([String: ConfigValue])
    /// An array of mixed or non-scalar values.
    case list([ConfigValue])
    /// Any other TOML type, described for the error message ("an array").
    case other(String)

    var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    var intValue: Int? { if case .integer(let value) = self { value } else { nil } }
    var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// TOML writes 5 and 5.0 differently; a percentage may be either.
    var numberValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .double(let value): return value.isFinite ? value : nil
        default: return nil
        }
    }

    var shownForError: String {
        switch self {
        case .bool(let value): return "\(value)"
        case .integer(let value): return "\(value)"
        case .double(let value): return "\(value)"
        case .string(let value): return value.tomlQuoted
        case .strings(let values): return "[" + values.map(\.tomlQuoted).joined(separator: ", ") + "]"
        case .integers(let values): return "[" + values.map(String.init).joined(separator: ", ") + "]"
        case .symbolTable, .table: return "a table"
        case .list: return "an array"
        case .other(let description): return description
        }
    }
}
