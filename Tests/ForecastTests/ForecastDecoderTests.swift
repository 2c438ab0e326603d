import Foundation
import NotifierCore
import NotifierEngine
import NotifierForecast
import NotifierSystem
import TestSupport
import Testing

@Suite struct ForecastDecoderTests {
    static func date(_ text: String) -> CivilDate { CivilDate(string: text)! }

    @Test func openMeteoSample() throws {
        let forecast = try OpenMeteoDecoder.decodeForecast(Samples.data("openmeteo_forecast_hourly_daily_current_2025.json"), place: "Melbourne")
        #expect(forecast.days.count == 7)
        #expect(forecast.source == "open-meteo" && forecast.timeZone == "GMT" && forecast.latitude == -37.75)
        let first = try #require(forecast.days.first)
        #expect(first.date == Self.date("2025-10-25"))
        #expect(first.minTemperature == 13.1 && first.maxTemperature == 18.5, "daily figures win over the hours'")
        #expect(first.precipitationProbability == 93 && first.precipitationSum == 6.6)
        #expect(first.maxGusts == 31.7, "no daily gusts in the sample: the day's strongest hour")
        #expect(first.condition == nil, "the sample asked for no weather code")
        #expect(forecast.temperatures.count == 168)
        #expect(forecast.current?.time == "2025-10-25T11:30" && forecast.current?.temperature == nil)
    }

    /// The API's older variable names, hourly only: days come from the hours.
    @Test func openMeteoOldNamesFromHoursAlone() throws {
        let json = """
            {"latitude":59.44,"longitude":24.75,"timezone":"Europe/Tallinn",
             "current_weather":{"time":"2026-11-23T10:00","temperature":-2.5,"windspeed":14.0,"weathercode":71},
             "hourly":{"time":["2026-11-23T00:00","2026-11-23T12:00","2026-11-24T00:00","2026-11-24T12:00"],
                       "temperature_2m":[-3.0,1.5,null,4.0],"precipitation_probability":[10,55,80,null],
                       "precipitation":[0,0.5,1.2,0.3],"weathercode":[3,71,61,95],"windgusts_10m":[20,45.5,61,30]}}
            """
        let forecast = try OpenMeteoDecoder.decodeForecast(Data(json.utf8), place: "Tallinn")
        #expect(forecast.days.map(\.date) == [Self.date("2026-11-23"), Self.date("2026-11-24")])
        let monday = forecast.days[0]
        let tuesday = forecast.days[1]
        #expect(monday.minTemperature == -3 && monday.maxTemperature == 1.5 && monday.precipitationProbability == 55)
        #expect(monday.condition == .snow && monday.maxGusts == 45.5 && monday.precipitationSum == 0.5)
        #expect(tuesday.minTemperature == 4 && tuesday.condition == .thunderstorm && tuesday.precipitationProbability == 80)
        #expect(forecast.current == CurrentConditions(time: "2026-11-23T10:00", temperature: -2.5, condition: .snow, windSpeed: 14))
    }

    @Test func impossibleFiguresAreUnknownNotNews() throws {
        let json =
            #"{"daily":{"time":["2026-11-23"],"temperature_2m_max":[999],"temperature_2m_min":[-5],"precipitation_probability_max":[140],"wind_gusts_10m_max":[-3],"weather_code":[1234]}}"#
        let day = try #require(try OpenMeteoDecoder.decodeForecast(Data(json.utf8), place: "X").days.first)
        #expect(day.maxTemperature == nil && day.minTemperature == -5 && day.precipitationProbability == nil && day.maxGusts == nil && day.condition == nil)
    }

    @Test func openMeteoErrors() {
        #expect(throws: OpenMeteoDecoder.DecodeError.service("Cannot initialize WeatherVariable")) {
            try OpenMeteoDecoder.decodeForecast(Data(#"{"error":true,"reason":"Cannot initialize WeatherVariable"}"#.utf8), place: "X")
        }
        #expect(throws: OpenMeteoDecoder.DecodeError.noDays) { try OpenMeteoDecoder.decodeForecast(Data(#"{"latitude":1}"#.utf8), place: "X") }
        #expect(throws: OpenMeteoDecoder.DecodeError.self) { try OpenMeteoDecoder.decodeForecast(Data(#"{"daily":{"time":["#.utf8), place: "X") }
        #expect(throws: OpenMeteoDecoder.DecodeError.self) { try OpenMeteoDecoder.decodeForecast(Data(#"{"hourly":{"time":5}}"#.utf8), place: "X") }
    }

    @Test func geocodingSampleAndNoMatch() throws {
        let matches = try OpenMeteoDecoder.decodeSearch(Samples.data("openmeteo_search_berlin.json"))
        let berlin = try #require(matches.first)
        #expect(berlin.name == "Berlin" && berlin.latitude == 52.52437 && berlin.country == "Deutschland" && berlin.timezone == "Europe/Berlin")
        #expect(berlin.label == "Berlin, Berlin, Deutschland")
        #expect(try OpenMeteoDecoder.decodeSearch(Data(#"{"generationtime_ms":0.5}"#.utf8)).isEmpty, "no match: the key is absent")
    }

    @Test func openWeatherMapSample() throws {
        let forecast = try OpenWeatherMapDecoder.decodeForecast(Samples.data("openweathermap_forecast_5day3h_berlin_2020.json"), place: "Berlin")
        // 40 slots of 3 h from 21:00 local on the 5th: six local days, the first with one slot.
        #expect(forecast.days.map(\.date.description) == ["2020-04-05", "2020-04-06", "2020-04-07", "2020-04-08", "2020-04-09", "2020-04-10"])
        let sixth = forecast.days[1]
        #expect(abs(sixth.minTemperature! - 6.38) < 0.01 && abs(sixth.maxTemperature! - 18.36) < 0.01, "kelvin to °C")
        #expect(sixth.condition == .clear && sixth.precipitationProbability == nil && sixth.maxGusts == nil, "the 2020 shape has no pop, no gusts")
        #expect(forecast.days[4].condition == .rain && abs(forecast.days[4].precipitationSum! - 0.42) < 0.001)
        #expect(forecast.temperatures.count == 40 && forecast.latitude == 52.5244)
    }

    @Test func openWeatherMapNewerShapeWithPopAndGusts() throws {
        let json =
            #"{"cod":"200","list":[{"dt":1795392000,"main":{"temp":275.15,"temp_min":274.15,"temp_max":276.15},"weather":[{"id":602}],"wind":{"speed":5,"gust":20},"pop":0.85,"snow":{"3h":4.5}}],"city":{"name":"Tallinn","coord":{"lat":59.43,"lon":24.75},"timezone":7200}}"#
        let day = try #require(try OpenWeatherMapDecoder.decodeForecast(Data(json.utf8), place: "Tallinn").days.first)
        #expect(day.condition == .snow && day.precipitationProbability == 85 && day.maxGusts == 72 && day.precipitationSum == 4.5)
        #expect(abs(day.minTemperature! - 1) < 0.001)
    }

    @Test(arguments: [
        (#"{"cod":401,"message":"Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}"#, 401),
        (#"{"cod":"404","message":"city not found"}"#, 404),
        (#"{"cod":429,"message":"Your account is temporary blocked"}"#, 429),
    ])
    func openWeatherMapErrorsKeepTheirCode(_ body: String, _ code: Int) {
        #expect(throws: OpenWeatherMapDecoder.DecodeError.self) { try OpenWeatherMapDecoder.decodeForecast(Data(body.utf8), place: "X") }
        do {
            _ = try OpenWeatherMapDecoder.decodeForecast(Data(body.utf8), place: "X")
        } catch .service(let found, _) {
            #expect(found == code)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
