import Foundation

/// An environment variable that overrides a key (an API key), and that key.
package typealias EnvironmentKey = (variable: String, key: WritableKeyPath<Config, Secret> & Sendable)

/// The config file a program reads: its feeds' tables and the shared ones, every key, the
/// repeated tables and the environment's overrides. Made once, with the `Program`.
package struct ConfigSchema: Sendable {
    /// Every table, in the order `config check` and `config default` print them.
    package let sections: [ConfigSectionEntry]
    /// Every repeated table (`[[…]]`), after the sections.
    package let entryLists: [ConfigEntryList]
    /// Every key the config file may hold, in the order `config check` prints them.
    package let settings: [ConfigSetting]
    package let settingsByKey: [String: ConfigSetting]
    /// Tables that may appear, with or without keys of their own.
    package let tables: Set<String>
    package let entryListsByName: [String: ConfigEntryList]
    package let environmentKeys: [EnvironmentKey]

    package init(feeds: [any FeedKind]) {
        sections = Config.ordered(feeds.flatMap(\.configSections))
        entryLists = feeds.flatMap(\.configEntryLists) + [ConfigEntryList(\.channels)]
        settings = sections.flatMap(\.settings)
        settingsByKey = Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0) })
        tables = Set(settings.flatMap { setting in (1..<setting.path.count).map { setting.path.prefix($0).joined(separator: ".") } })
        entryListsByName = Dictionary(uniqueKeysWithValues: entryLists.map { ($0.array, $0) })
        environmentKeys = feeds.flatMap(\.environmentKeys)
    }

    /// The documented default file (`config default`).
    package var defaultText: String { DefaultConfig.text(sections: sections, entryLists: entryLists) }
}

extension Config {
    /// The built-in defaults of a program whose config file is `schema`.
    package init(_ schema: ConfigSchema) {
        self.init()
        entryLists = schema.entryLists
    }
}
