import Foundation
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

// This feed's rules as SubjectIdentityTests drives them: two subjects or more that fire.

extension ForecastFeedKind: IdentityScenarios {
    var identityScenarios: [String: @Sendable () throws -> [SubjectReading]] {
        [
            TemperatureShiftRule.id: { try SubjectIdentityTests.forecastReadings(TemperatureShiftRule()) },
            PrecipitationChangeRule.id: { try SubjectIdentityTests.forecastReadings(PrecipitationChangeRule()) },
            SevereWeatherRule.id: { try SubjectIdentityTests.forecastReadings(SevereWeatherRule()) },
            WindGustRule.id: { try SubjectIdentityTests.forecastReadings(WindGustRule()) },
        ]
    }
}
