/// The program's config tables, from its feed kinds: the one list is `FeedRegistry.all`.
extension Config {
    /// Every table of `feeds` and the shared ones, in the order `config check` and `config
    /// default` print them.
    static func sections(for feeds: [any FeedKind]) -> [ConfigSectionEntry] {
        ordered(feeds.flatMap(\.configSections))
    }

    static let sections = sections(for: FeedRegistry.all)

    /// Every repeated table (`[[…]]`), after the sections in `config check` and `config default`.
    static func entryLists(for feeds: [any FeedKind]) -> [ConfigEntryList] {
        feeds.flatMap(\.configEntryLists) + [ConfigEntryList(\.channels)]
    }

    static let entryLists = entryLists(for: FeedRegistry.all)
}

extension DefaultConfig {
    /// The documented file of `feeds`' tables.
    static func text(for feeds: [any FeedKind]) -> String {
        text(sections: Config.sections(for: feeds), entryLists: Config.entryLists(for: feeds))
    }
}
