import Foundation
import NotifierCore
import NotifierCountries
import NotifierCrypto
import NotifierEngine
import NotifierForecast
import NotifierHolidays
import NotifierReminders
import NotifierWatches

/// The watches feed's part of the config, kept by type in `Config`.
extension Config {
    var watches: [WatchSettings] {
        get { self[[WatchSettings].self] }
        set { self[[WatchSettings].self] = newValue }
    }
}
