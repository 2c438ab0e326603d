import Foundation
import Testing

@testable import NotifierEngine
@testable import NotifierForecast

/// Scripted forecast sequences beyond each rule's examples: days rolling, several days at
/// once, restarts (the engine's records carried over), slugs.
@Suite struct ForecastRuleTests {
    @Test func aDayKeepsItsStateAsItRollsFromInSevenDaysToToday() {
        // The same date, first 6 days ahead, then each poll one day nearer; rain appears when it is tomorrow.
        let date = 6
        var polls: [[ForecastDay]?] = []
        for _ in 0..<5 { polls.append([ForecastScript.day(date, rain: 10)]) }
        polls.append([ForecastScript.day(date, rain: 80)])
        polls.append([ForecastScript.day(date, rain: 85)])
        let alerts = ForecastScript.run(PrecipitationChangeRule(), polls, daysPerPoll: 1)
        #expect(alerts.map(\.body) == ["Tomorrow: rain now likely, 10 % → 80 %"])
        #expect(alerts.map(\.key) == ["Tallinn/2026-11-29/wet"])
    }

    @Test func todayIsCalledToday() {
        let alerts = ForecastScript.run(WindGustRule(), [[ForecastScript.day(0, gusts: 20)], [ForecastScript.day(0, gusts: 90)]])
        #expect(alerts.map(\.title) == ["Tallinn, today: strong gusts"])
    }

    @Test func severalDaysChangingAtOnceAreSeveralAlertsOfOneRule() {
        let before = (1...3).map { ForecastScript.day($0, rain: 10) }
        let after = (1...3).map { ForecastScript.day($0, rain: 90) }
        let alerts = ForecastScript.run(PrecipitationChangeRule(), [before, after])
        #expect(alerts.count == 3)
        #expect(Set(alerts.map(\.rule)) == ["forecast_precipitation"])
        #expect(Set(alerts.map(\.groupNoun)) == ["forecast changes for Tallinn"])
        let group = Outbox.grouped(alerts)
        #expect(group.title == "3 forecast changes for Tallinn: tomorrow rain likely (90 %), Wednesday rain likely (90 %), Thursday rain likely (90 %)")
        #expect(group.deepLink.command == "notifier open forecast Tallinn")
    }

    @Test func noDuplicateAfterARestart() {
        // A restart carries the engine's records (anchors included) over, as the store does.
        var engine = RuleEngine()
        let first = ForecastScript.run(TemperatureShiftRule(), TemperatureShiftRule.highs([6, 11]), engine: &engine)
        let restored = RuleEngine(records: engine.records)
        var second = restored
        let again = ForecastScript.run(TemperatureShiftRule(), TemperatureShiftRule.highs([11, 11, 12]), engine: &second)
        #expect(first.count == 1)
        #expect(again.isEmpty)
    }

    @Test(arguments: [
        ("Tallinn", "Tallinn"), ("São Paulo", "Sao-Paulo"), ("new york", "new-york"), ("Zürich", "Zurich"),
        ("  Tartu  ", "Tartu"), ("St. John's", "St-John-s"), ("東京", ""),
    ])
    func slugs(_ name: String, _ slug: String) {
        #expect(ForecastPlace.slug(name) == slug)
    }

    @Test func conditionsFromBothSourcesCodes() {
        #expect(WeatherCondition(wmoCode: 95) == .thunderstorm)
        #expect(WeatherCondition(wmoCode: 66) == .freezingRain)
        #expect(WeatherCondition(wmoCode: 73) == .snow)
        #expect(WeatherCondition(wmoCode: 2) == .partlyCloudy)
        #expect(WeatherCondition(wmoCode: 42) == nil)
        #expect(WeatherCondition(openWeatherMapID: 211) == .thunderstorm)
        #expect(WeatherCondition(openWeatherMapID: 511) == .freezingRain)
        #expect(WeatherCondition(openWeatherMapID: 601) == .snow)
        #expect(WeatherCondition(openWeatherMapID: 800) == .clear)
        #expect(WeatherCondition(openWeatherMapID: 999) == nil)
        #expect(WeatherCondition.allCases.filter(\.isSevere) == [.snow, .freezingRain, .thunderstorm])
    }
}
