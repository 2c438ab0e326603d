import NotifierCountries
import NotifierCrypto
import NotifierEngine
import NotifierForecast
import NotifierHolidays
import NotifierReminders
import NotifierWatches

/// The views the shipped rules link to, for the links these tests read (the program's catalog
/// comes from its registered feeds, which this module does not see).
extension LinkCatalog {
    static let ruleViews = LinkCatalog([.country, .crypto, .holiday, .week, .forecast, .reminder, .watch])
}

extension DeepLink {
    init(url text: String) throws(URLError) {
        try self.init(url: text, in: .ruleViews)
    }

    init?(view: View, argument: String) {
        self.init(view: view, argument: argument, in: .ruleViews)
    }
}
