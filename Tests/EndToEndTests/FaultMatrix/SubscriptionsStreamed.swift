@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// A registered feed kind that holds a stream open instead of polling on a cadence, left out of
/// the fault matrix (whose verdicts are about polls and their waits); the subscriptions' faults
/// (a stream cut mid-line, the server down, a huge line) are SubscriptionEndToEndTests'.
protocol StreamedFeed {}

extension SubscriptionsFeedKind: StreamedFeed {}
