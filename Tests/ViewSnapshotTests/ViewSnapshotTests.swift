import Foundation
import NotifierEngine
import NotifierSystem
import SnapshotTesting
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// Each interactive view laid out at 80 × 24, as plain text: what a person sees, without the
/// attributes. The references are in __Snapshots__; a change to a view shows up as a diff.
@Suite struct ViewSnapshotTests {
    let now = Date(timeIntervalSince1970: 1_798_000_000)
    let data = CountryData.embedded
    let locale = Locale(identifier: "en_US")

    func text(_ model: some ScreenModel) -> String {
        var layout = ScreenLayout(width: 80, height: 24)
        return layout.plainText(for: model.frame(width: 80, height: 24, now: now))
    }

    @Test func countryDetail() throws {
        let country = try #require(data.catalog.find("KZ"))
        assertSnapshot(of: text(CountryDetailModel(country: country, data: data, locale: locale, now: now)), as: .lines)
    }

    @Test func countryList() {
        var list = CountryListModel(countries: data.catalog.all(), sort: .name, data: data, locale: locale, now: now)
        for key: Key in [.down, .down, .enter, .down] { _ = list.handle(.key(key)) }
        assertSnapshot(of: text(list), as: .lines)
    }

    @Test func week() {
        let today = CivilDate(year: 2026, month: 12, day: 23)!
        var week = WeekModel(today: today, firstDay: .monday, load: { _, _ in .holidays([]) }, remember: { _ in })
        _ = week.appear()
        let holidays = EstonianCalendar.holidays(from: week.start, through: week.end)
        _ = week.handle(.finished(name: "holidays \(week.start)…\(week.end)", result: WeekModel.Loaded.holidays(holidays)))
        assertSnapshot(of: text(week), as: .lines)
    }

    /// With `[calendars]`: the person's events beside the holidays and folk days, marked ▪.
    @Test func weekWithEvents() {
        let today = CivilDate(year: 2026, month: 12, day: 23)!
        var week = WeekModel(today: today, firstDay: .monday, load: { _, _ in .holidays([]) }, remember: { _ in })
        week.loadEvents = { _, _ in .events([:]) }
        _ = week.appear()
        let holidays = EstonianCalendar.holidays(from: week.start, through: week.end)
        _ = week.handle(.finished(name: "holidays \(week.start)…\(week.end)", result: WeekModel.Loaded.holidays(holidays)))
        let events: [CivilDate: [String]] = [
            CivilDate(year: 2026, month: 12, day: 21)!: ["09:45 Stand-up", "14:00 Dentist"],
            CivilDate(year: 2026, month: 12, day: 24)!: ["18:00 Dinner at grandma's"],
            CivilDate(year: 2026, month: 12, day: 26)!: ["Ski trip"],
        ]
        _ = week.handle(.finished(name: "events \(week.start)…\(week.end)", result: WeekModel.Loaded.events(events)))
        assertSnapshot(of: text(week), as: .lines)
    }

    /// Opened from a group of holiday reminders: its days marked ◉.
    @Test func weekMarked() {
        let today = CivilDate(year: 2026, month: 12, day: 23)!
        var week = WeekModel(today: today, firstDay: .monday, load: { _, _ in .holidays([]) }, remember: { _ in })
        week.marked = (
            [CivilDate(year: 2026, month: 12, day: 24)!, CivilDate(year: 2026, month: 12, day: 25)!],
            "the days of the notification 3 min ago: 2026-12-24, 2026-12-25"
        )
        _ = week.appear()
        let holidays = EstonianCalendar.holidays(from: week.start, through: week.end)
        _ = week.handle(.finished(name: "holidays \(week.start)…\(week.end)", result: WeekModel.Loaded.holidays(holidays)))
        assertSnapshot(of: text(week), as: .lines)
    }

    static let tickers = [
        Ticker(
            id: "90", symbol: "BTC", name: "Bitcoin", rank: 1, priceUSD: 99_000.5, change1h: 0.4, change24h: -2.1, change7d: 5.5,
            marketCapUSD: 1_967_874_549_929.5, volume24USD: 60_985_129_577.58225, circulatingSupply: 19_800_000, totalSupply: 19_800_000, maxSupply: 21_000_000),
        Ticker(
            id: "80", symbol: "ETH", name: "Ethereum", rank: 2, priceUSD: 3_512.25, change1h: -0.2, change24h: 1.3, change7d: -4,
            marketCapUSD: 422_000_000_000, volume24USD: 20_100_000_000),
    ]

    func cryptoList() -> CryptoListModel {
        var list = CryptoListModel(
            tickers: [], fetchedAt: nil, previous: [:], history: ["BTC": [97_000, 98_500, 97_800]], interval: 30,
            now: { Date(timeIntervalSince1970: 1_798_000_000) },
            fetch: { .failed("unused") })
        _ = list.appear()
        _ = list.handle(.finished(name: "crypto", result: CryptoListModel.Fetched.tickers(Self.tickers, at: now.addingTimeInterval(-12))))
        return list
    }

    @Test func cryptoListLive() {
        assertSnapshot(of: text(cryptoList()), as: .lines)
    }

    /// Opened from a group of crypto alerts: its coins marked ◉.
    @Test func cryptoListMarked() {
        var list = cryptoList()
        list.marked = (["ETH"], "the coins of the notification 3 min ago: ETH")
        assertSnapshot(of: text(list), as: .lines)
    }

    @Test func cryptoCoin() {
        assertSnapshot(of: text(CryptoCoinModel(symbol: "BTC", list: cryptoList())), as: .lines)
    }

    @Test func forecast() {
        let start = CivilDate(year: 2026, month: 12, day: 23)!
        let days = (0..<7).map { offset in
            ForecastDay(
                date: start.adding(days: offset), minTemperature: Double(-5 + offset), maxTemperature: Double(offset),
                precipitationProbability: Double(10 * offset), precipitationSum: 0.5, condition: WeatherCondition(wmoCode: 71),
                maxGusts: Double(30 + offset))
        }
        let forecast = Forecast(
            place: "Tallinn", latitude: 59.437, longitude: 24.7535, source: "open-meteo", days: days,
            temperatures: (0..<24).map { Double($0 % 7) - 3 })
        let model = ForecastModel(
            place: "Tallinn", latest: StoredForecast(fetchedAt: now.addingTimeInterval(-300), forecast: forecast),
            previous: nil, locale: locale, load: { _ in .failed(place: "", cause: "unused") })
        assertSnapshot(of: text(model), as: .lines)
    }
}
