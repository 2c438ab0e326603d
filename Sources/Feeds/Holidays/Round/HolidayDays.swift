import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Days a view asks the holidays' round to fetch and keep, said as an ISO 8601 interval of
/// dates ("2031-06-22/2031-06-28"): what `open week` and `open holiday` show, a month at most,
/// inside the calendar's range. The daemon takes the words from its bus, so they are read
/// strictly and anything else is refused.
package struct HolidayDays: Equatable, Sendable {
    package static let maxDays = 31
    package let start: CivilDate
    package let end: CivilDate

    package init?(start: CivilDate, end: CivilDate) {
        guard start <= end, start.isInRange, end.isInRange, start.daysUntil(end) < Self.maxDays else { return nil }
        self.start = start
        self.end = end
    }

    package init?(_ request: String) {
        let parts = request.split(separator: "/", omittingEmptySubsequences: false)
        guard request.utf8.count <= 21, parts.count == 2, let start = CivilDate(string: String(parts[0])), let end = CivilDate(string: String(parts[1]))
        else { return nil }
        self.init(start: start, end: end)
    }

    package var request: String { "\(start)/\(end)" }
}

/// A view's week of the remote source is fetched by the round and kept in its cache, so the
/// next look at it reads the store (`RoundFetch`).
extension HolidaysFeedKind: KeepsWhatViewsFetch {
    package func fetchAndKeep(_ request: String, _ environment: FeedEnvironment) async -> RoundFetch.Answer {
        guard let days = HolidayDays(request) else { return .notKept }
        return await HolidayRound(env: environment).keep(days)
    }
}

extension HolidayRound {
    /// Fetches the days a view asked for into the cache, as `check` keeps its horizon; days
    /// cached already cost nothing. Only a round that fetches keeps: the feed on, its source
    /// remote, a store to write.
    package func keep(_ days: HolidayDays) async -> RoundFetch.Answer {
        guard config.holidays.enabled, config.holidays.source == .remote, env.store != nil else { return .notKept }
        switch await HolidaySource(config: config, store: env.store, http: env.http).holidays(from: days.start, through: days.end, now: env.now()) {
        case .success: return .kept
        case .failure(let error):
            env.logger.warning("\(error)")
            return .failed
        }
    }
}
