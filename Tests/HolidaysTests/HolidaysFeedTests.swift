import Foundation
import NotifierCore
import NotifierEngine
import NotifierHolidays
import NotifierSystem
import TestSupport
import Testing

@Suite struct HolidaysFeedTests {
    static func date(_ text: String) -> CivilDate { CivilDate(string: text)! }

    @Test(arguments: [(1, 1), (30, 1), (31, 2), (60, 2), (90, 3), (365, 13)])
    func rangesSplitIntoCallsOfAtMost30Days(_ days: Int, _ calls: Int) {
        let start = Self.date("2026-12-01")
        let chunks = HolidaysFeed.chunks(from: start, through: start.adding(days: days - 1))
        #expect(chunks.count == calls)
        #expect(chunks.allSatisfy { $0.start.daysUntil($0.end) < 30 })
        #expect(chunks.first?.start == start && chunks.last?.end == start.adding(days: days - 1))
        #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.end.adding(days: 1) == $1.start }, "no gap, no overlap")
    }

    @Test func decodesTheSample() throws {
        let holidays = try HolidaysDecoder.decode(Samples.data("testntry_holidays_api_success_2019-02.json"))
        #expect(holidays.count == 5)
        #expect(holidays.filter { $0.kind == .publicHoliday }.map(\.name) == ["Iseseisvuspäev"])
        #expect(holidays.first == Holiday(date: Self.date("2019-02-02"), name: "Küünlapäev ehk pudrupäev", kind: .folk))
    }

    @Test func theServicesErrorIsItsReason() throws {
        #expect(throws: HolidaysDecoder.DecodeError.service("invalid-dates")) {
            try HolidaysDecoder.decode(Samples.data("testntry_holidays_api_error_invalid_dates.json"))
        }
        #expect(throws: HolidaysDecoder.DecodeError.self) { try HolidaysDecoder.decode(Data("<html>".utf8)) }
    }

    @Test(arguments: [
        ("invalid-api-key", "fix feeds.holidays.api_key or NOTIFIER_HOLIDAYS_KEY"),
        ("invalid-dates", "rejected the dates 2026-12-01…2026-12-30 (invalid-dates)"),
        ("invalid-request", "is feeds.holidays.base_url the holiday API?"),
    ])
    func eachReasonSaysWhatToFix(_ reason: String, _ message: String) async throws {
        let body = Data(#"{"error":true,"reason":"\#(reason)"}"#.utf8)
        let server = try await LoopbackServer.start([("POST /holidays", { _ in LoopbackServer.json(body) })])
        let feed = HolidaysFeed(http: NotifierSystem.HTTPClient(), baseURL: server.baseURL + "/holidays", apiKey: "k")
        let error = try #require(await feedError { try await feed.fetch(from: Self.date("2026-12-01"), through: Self.date("2026-12-30")) })
        #expect(error.description.hasPrefix("holidays feed: POST \(server.baseURL)/holidays "), "\(error)")
        #expect(error.description.contains(message), "\(error)")
        await server.stop()
    }
}
