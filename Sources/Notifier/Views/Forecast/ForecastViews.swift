import ArgumentParser
import NotifierCore
import NotifierCountries
import NotifierCrypto
import NotifierEngine
import NotifierForecast
import NotifierHolidays
import NotifierReminders
import NotifierWatches

extension FeedView {
    /// `notifier open forecast Tallinn`.
    static let forecast = FeedView(.forecast, command: OpenForecast.self)
}
