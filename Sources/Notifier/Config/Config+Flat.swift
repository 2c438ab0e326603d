import Feeds
import Foundation
import Rules

/// The flat names the config had before its sections, kept for the tests written against
/// them (the config tests are a contract and stay as they are). New code uses the sections.
extension Config {
    var countriesSource: CountriesSource {
        get { countries.source }
        set { countries.source = newValue }
    }

    var holidaysSource: HolidaysSource {
        get { holidays.source }
        set { holidays.source = newValue }
    }

    var holidaysCacheTTL: Duration {
        get { holidays.cacheTTL }
        set { holidays.cacheTTL = newValue }
    }

    var forecastSource: ForecastSource {
        get { forecast.source }
        set { forecast.source = newValue }
    }

    var forecastPlaces: [ForecastPlace] {
        get { forecast.places }
        set { forecast.places = newValue }
    }

    var launchCountryEnabled: Bool {
        get { launchCountry.enabled }
        set { launchCountry.enabled = newValue }
    }

    var launchCountryDelaySeconds: Int {
        get { launchCountry.delaySeconds }
        set { launchCountry.delaySeconds = newValue }
    }

    var cryptoDegradedAfter: Int {
        get { crypto.degradedAfter }
        set { crypto.degradedAfter = newValue }
    }

    var weekFirstDay: String {
        get { views.weekFirstDay }
        set { views.weekFirstDay = newValue }
    }

    var cryptoChangeRepeat: Duration? {
        get { cryptoChange.repeatInterval }
        set { cryptoChange.repeatInterval = newValue }
    }

    var cryptoChangeTitleTemplate: String {
        get { cryptoChange.titleTemplate }
        set { cryptoChange.titleTemplate = newValue }
    }

    var cryptoSymbols: [String] {
        get { crypto.symbols }
        set { crypto.symbols = newValue }
    }

    var cryptoTop: Int {
        get { crypto.top }
        set { crypto.top = newValue }
    }

    var cryptoChangeEnabled: Bool {
        get { cryptoChange.enabled }
        set { cryptoChange.enabled = newValue }
    }

    var cryptoChangeWindow: CryptoChangeRule.Window {
        get { cryptoChange.window }
        set { cryptoChange.window = newValue }
    }

    var cryptoChangeThreshold: Double {
        get { cryptoChange.threshold }
        set { cryptoChange.threshold = newValue }
    }

    var cryptoChangeRearm: Double {
        get { cryptoChange.rearm }
        set { cryptoChange.rearm = newValue }
    }

    var cryptoChangeOverrides: [String: CryptoChangeRule.Levels] {
        get { cryptoChange.overrides }
        set { cryptoChange.overrides = newValue }
    }

    var cryptoMoveOverrides: [String: CryptoChangeRule.Levels] {
        get { cryptoMove.overrides }
        set { cryptoMove.overrides = newValue }
    }

    var quietHours: QuietHours? {
        get { delivery.quietHours }
        set { delivery.quietHours = newValue }
    }

    var rateLimitPerMinute: Int {
        get { delivery.rateLimitPerMinute }
        set { delivery.rateLimitPerMinute = newValue }
    }

    var groupWindow: Duration {
        get { delivery.groupWindow }
        set { delivery.groupWindow = newValue }
    }
}
