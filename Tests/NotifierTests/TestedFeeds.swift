@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierPulse
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// The feeds the tests run: the program's, and one that only the tests have, registered the way
/// a new feed is (see docs/architecture.md, "A feed only the tests have").
let testedFeeds: [any FeedKind] = Program.notifier.feeds + [PulseFeedKind()]
