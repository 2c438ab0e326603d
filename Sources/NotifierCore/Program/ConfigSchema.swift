import Foundation

/// An environment variable that overrides a key (an API key), and that key.
package typealias EnvironmentKey = (variable: String, key: WritableKeyPath<Config, Secret> & Sendable)

/// The config file a program reads: its feeds' tables and the shared ones, every key, the
/// repeated tables and the environment's overrides. Made once, with the `Program`; the tables'
/// keys when first asked for, since a start without a config file reads none of them (some
/// 2 ms of a click's view).
package struct ConfigSchema: Sendable {
    /// Every repeated table (`[[…]]`), after the sections.
    package let entryLists: [ConfigEntryList]
    package let environmentKeys: [EnvironmentKey]
    package let entryListsByName: [String: ConfigEntryList]
    /// Delivery's features, for their checks across tables and `config check`'s review of
    /// theirs, in their order.
    package let deliveryFeatures: [any DeliveryFeature]
    private var keys: Memo<Keys>
    private let makeKeys: @Sendable () -> Keys

    /// The tables and their keys.
    private struct Keys: Sendable {
        let sections: [ConfigSectionEntry]
        let settings: [ConfigSetting]
        let settingsByKey: [String: ConfigSetting]
        let tables: Set<String>
    }

    package init(feeds: [any FeedKind], delivery: [any DeliveryFeature] = []) {
        let ruleKeys = delivery.flatMap(\.ruleKeys)
        entryLists = (feeds.flatMap(\.configEntryLists) + delivery.flatMap(\.configEntryLists)).map { list in
            var list = list
            list.ruleKeys = ruleKeys
            return list
        }
        deliveryFeatures = delivery
        environmentKeys = feeds.flatMap(\.environmentKeys)
        entryListsByName = Dictionary(uniqueKeysWithValues: entryLists.map { ($0.array, $0) })
        makeKeys = {
            let sections = Config.ordered(feeds.flatMap(\.configSections), delivery: delivery.flatMap(\.configSections)).map { $0.adding(ruleKeys) }
            let settings = sections.flatMap(\.settings)
            return Keys(
                sections: sections, settings: settings, settingsByKey: Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0) }),
                tables: Set(settings.flatMap { setting in (1..<setting.path.count).map { setting.path.prefix($0).joined(separator: ".") } }))
        }
        keys = Memo(makeKeys)
    }

    /// This schema with keys of its own, made on first use and gone with it: a config's load
    /// reads every key, and a daemon that kept them (some 170 KiB) would hold them all day for
    /// the next reload.
    package var forOneLoad: ConfigSchema {
        var schema = self
        schema.keys = Memo(makeKeys)
        return schema
    }

    /// Every table, in the order `config check` and `config default` print them.
    package var sections: [ConfigSectionEntry] { keys.value.sections }
    /// Every key the config file may hold, in the order `config check` prints them.
    package var settings: [ConfigSetting] { keys.value.settings }
    package var settingsByKey: [String: ConfigSetting] { keys.value.settingsByKey }
    /// Tables that may appear, with or without keys of their own.
    package var tables: Set<String> { keys.value.tables }

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
