import NotifierCore
import NotifierCountries
import NotifierCrypto
import NotifierForecast
import NotifierHolidays
import NotifierReminders
import NotifierSubscriptions
import NotifierWatches

/// notifier's feeds, in the order `--dry-run` reports them: the one list. A new feed is one
/// line here, its library's target in Package.swift, and its folder. The reminders' `skip`
/// heeds the holiday feed's days off, handed over here so that neither names the other.
/// (The fuzz harness compiles this file too: it fuzzes the program's own config tables.)
package enum Feeds {
    package static let all: [any FeedKind] = [
        CountriesFeedKind(),
        CryptoFeedKind(),
        HolidaysFeedKind(),
        ForecastFeedKind(),
        RemindersFeedKind(daysOff: EstonianDaysOff()),
        WatchFeedKind(),
        SubscriptionsFeedKind(),
    ]
}
