@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// A registered feed kind that makes no request, left out of the fault matrix.
protocol OffTheNetwork {}

extension RemindersFeedKind: OffTheNetwork {}
