import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Holidays from the configured source: computed (embedded), or the remote API through the
/// store's cache, so a range asked for once within the TTL costs no request again. A view's
/// store is read-only: it reads what the rounds cached (and what they fetched and kept for it,
/// `HolidayView.holidays`); what it fetches itself is not kept.
package struct HolidaySource: Sendable {
    package let config: Config
    package let store: Store?
    package let http: HTTPClient

    package func holidays(from start: CivilDate, through end: CivilDate, now: Date) async -> Result<[Holiday], FeedError> {
        guard start <= end else { return .success([]) }
        guard config.holidays.source == .remote else {
            return .success(EstonianCalendar.holidays(from: start, through: end))
        }
        let cached = (try? store?.cachedHolidays(from: start, through: end, freshAfter: freshAfter(now))) ?? (covered: [], holidays: [])
        var holidays = cached.holidays
        let feed = HolidaysFeed(http: http, baseURL: config.holidays.baseURL, apiKey: config.holidays.apiKey.revealed)
        for run in Self.missingRuns(from: start, through: end, covered: cached.covered) {
            for chunk in HolidaysFeed.chunks(from: run.start, through: run.end) {
                do {
                    let fetched = try await feed.fetch(from: chunk.start, through: chunk.end)
                    try? store?.cacheHolidays(fetched, from: chunk.start, through: chunk.end, at: now)
                    holidays += fetched
                } catch {
                    return .failure(error)
                }
            }
        }
        return .success(holidays.sorted(by: Holiday.precedes))
    }

    /// The days from `start` through `end` when the cache holds every one of them fresh;
    /// `nil` when it lacks one (or there is no store).
    package func cached(from start: CivilDate, through end: CivilDate, now: Date) -> [Holiday]? {
        guard let cached = try? store?.cachedHolidays(from: start, through: end, freshAfter: freshAfter(now)),
            cached.covered.count == start.daysUntil(end) + 1
        else { return nil }
        return cached.holidays.sorted(by: Holiday.precedes)
    }

    /// Cached days fetched after this are fresh.
    private func freshAfter(_ now: Date) -> Date {
        now.addingTimeInterval(-Double(config.holidays.cacheTTL.components.seconds))
    }

    /// The stretches of days not covered by the cache.
    package static func missingRuns(from start: CivilDate, through end: CivilDate, covered: Set<CivilDate>) -> [(start: CivilDate, end: CivilDate)] {
        var runs: [(CivilDate, CivilDate)] = []
        var runStart: CivilDate?
        var day = start
        while day <= end {
            if covered.contains(day) {
                if let first = runStart {
                    runs.append((first, day.adding(days: -1)))
                    runStart = nil
                }
            } else if runStart == nil {
                runStart = day
            }
            day = day.adding(days: 1)
        }
        if let first = runStart { runs.append((first, end)) }
        return runs
    }
}
