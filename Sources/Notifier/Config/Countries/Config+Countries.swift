import Foundation

/// The countries feed's part of the config, kept by type in `Config`.
extension Config {
    var countries: CountriesSettings {
        get { self[CountriesSettings.self] }
        set { self[CountriesSettings.self] = newValue }
    }

    var launchCountry: LaunchCountrySettings {
        get { self[LaunchCountrySettings.self] }
        set { self[LaunchCountrySettings.self] = newValue }
    }
}
