import Foundation
import NotifierCore
import NotifierEngine

/// The countries feed's part of the config, kept by type in `Config`.
extension Config {
    package var countries: CountriesSettings {
        get { self[CountriesSettings.self] }
        set { self[CountriesSettings.self] = newValue }
    }

    package var launchCountry: LaunchCountrySettings {
        get { self[LaunchCountrySettings.self] }
        set { self[LaunchCountrySettings.self] = newValue }
    }
}
