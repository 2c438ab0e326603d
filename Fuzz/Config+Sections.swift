/// The program's config tables as its feed kinds give them (`FeedRegistry`, in the executable,
/// which the harness does not compile): the same entries, in the registry's order. A table the
/// program has and this list lacks is a table the config target does not fuzz.
extension Config {
    static let sections = ordered([
        ConfigSectionEntry(\.countries, in: .feed), ConfigSectionEntry(\.launchCountry, in: .firstRules),
        ConfigSectionEntry(\.crypto, in: .feed), ConfigSectionEntry(\.cryptoChange, in: .rules),
        ConfigSectionEntry(\.cryptoMove, in: .rules), ConfigSectionEntry(\.cryptoCross, in: .rules),
        ConfigSectionEntry(\.holidays, in: .feed), ConfigSectionEntry(\.holidayUpcoming, in: .firstRules),
        ConfigSectionEntry(\.forecast, in: .feed), ConfigSectionEntry(\.forecastTemperature, in: .rules),
        ConfigSectionEntry(\.forecastPrecipitation, in: .rules), ConfigSectionEntry(\.forecastSevere, in: .rules),
        ConfigSectionEntry(\.forecastWind, in: .rules),
        ConfigSectionEntry(\.calendars, in: .personal),
    ])

    static let entryLists = [
        ConfigEntryList(\.reminders), ConfigEntryList(\.watches), ConfigEntryList(\.subscriptions), ConfigEntryList(\.channels),
    ]
}
