import Foundation
import NotifierEngine

/// One table of the config file, owned by what it configures: its keys (how each is checked,
/// applied and printed), their defaults (the type's initial values), checks between them, and
/// its documented block of `config default`.
package protocol ConfigSection: ConfigPart, Equatable {
    /// The defaults.
    init()
    /// `rules.crypto_change`.
    static var table: String { get }
    static var keys: [SectionKey<Self>] { get }
    /// Its block of the documented default file: header, comments, each key at its default.
    static var documented: String { get }
    /// Checks between keys; the key named (within the table) is the one to fix.
    func check() -> (key: String, message: String)?
}

extension ConfigSection {
    package func check() -> (key: String, message: String)? { nil }
    package static var initial: Self { Self() }
}

/// Where a section stands in the documented file. The file's order is `config default`'s
/// output, a contract, so a section says where it goes: its feed's own table with the feeds',
/// a rule's table with the rules'. The first rules the file had stand before `[views]`.
package enum ConfigPlace: Int, Comparable, Sendable {
    /// `personal`: the tables of the person's own sources (calendars), after the shared ones;
    /// `sync` (`[sync]`, the machines acting as one) last.
    case feed, firstRules, views, rules, delivery, history, personal, sync

    package static func < (lhs: ConfigPlace, rhs: ConfigPlace) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One key of a section: its name in the table, how its TOML value is checked and applied, how
/// it prints.
package struct SectionKey<Root>: Sendable {
    package let name: String
    package let secret: Bool
    /// Applies the value, or returns what is wrong with it ("must be true or false, got \"yes\"").
    package let apply: @Sendable (inout Root, ConfigValue) -> String?
    package let render: @Sendable (Root) -> String
    package init(name: String, secret: Bool, apply: @escaping @Sendable (inout Root, ConfigValue) -> String?, render: @escaping @Sendable (Root) -> String) {
        self.name = name
        self.secret = secret
        self.apply = apply
        self.render = render
    }
}

/// One config key as the loader sees it: the full path, and the section's key applied through
/// the section's place in `Config`.
package struct ConfigSetting: Sendable {
    package let path: [String]
    package let secret: Bool
    package let apply: @Sendable (inout Config, ConfigValue) -> String?
    package let render: @Sendable (Config) -> String

    package var key: String { path.joined(separator: ".") }
}

/// A section in its place in `Config`.
package struct ConfigSectionEntry: Sendable {
    package let table: String
    package let place: ConfigPlace
    package internal(set) var settings: [ConfigSetting]
    /// Its check, the key named in full.
    package let check: @Sendable (Config) -> (key: String, message: String)?
    package let documented: String

    package init<Section: ConfigSection>(_ field: WritableKeyPath<Config, Section> & Sendable, in place: ConfigPlace) {
        table = Section.table
        self.place = place
        settings = Section.keys.map { key in
            ConfigSetting(
                path: Section.table.keyPath + [key.name], secret: key.secret,
                apply: { config, value in key.apply(&config[keyPath: field], value) },
                render: { key.render($0[keyPath: field]) })
        }
        check = { config in config[keyPath: field].check().map { (Section.table + "." + $0.key, $0.message) } }
        documented = Section.documented
    }
}

extension Config {
    /// Checks between keys: delivery's features' across tables first (a channel named that no
    /// `[[channels]]` entry is called), then each section's in order; the key named is the one
    /// to fix.
    package func crossCheck(_ schema: ConfigSchema) -> (key: String, message: String)? {
        schema.deliveryFeatures.lazy.compactMap { $0.configCheck(self, schema: schema) }.first ?? schema.sections.lazy.compactMap { $0.check(self) }.first
    }

    /// The effective config as TOML, keys masked.
    package func renderedTOML(_ schema: ConfigSchema) -> String {
        var text = ""
        var table = ""
        for setting in schema.settings {
            let owner = setting.path.dropLast().joined(separator: ".")
            let value = setting.render(self)
            // A key rendered as "" is unset (a rule's channels): left out rather than invented,
            // and a table with nothing set ([sync] unused) is left out with it.
            guard !value.isEmpty else { continue }
            if owner != table {
                text += (text.isEmpty ? "" : "\n") + "[\(owner)]\n"
                table = owner
            }
            text += "\(setting.path.last!) = \(value)\n"
        }
        for list in schema.entryLists {
            let entries = list.render(self)
            if !entries.isEmpty { text += "\n" + entries }
        }
        return text
    }
}
