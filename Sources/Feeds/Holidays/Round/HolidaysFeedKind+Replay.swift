import Foundation
import NotifierCore
import NotifierEngine

/// `notifier test`'s replay of a recorded answer of the holiday API (`{"error":false,
/// "holidays":{…}}`): the reminders due at the recording's time, in the scenario's time zone,
/// decided by `HolidayRound`. The recording stands for the holidays source whatever
/// `feeds.holidays.source` says, so a scenario shows the days it was given.
extension HolidaysFeedKind: RecordedFeed {
    package var recordingSuffixes: [String] { ["holidays"] }

    package func replay(_ data: Data, suffix: String, environment: FeedEnvironment) async {
        let config = environment.config
        guard config.holidays.enabled, config.holidayUpcoming.enabled else { return }
        // As live: a failed source decides nothing (reminders stay due for later).
        guard let holidays = try? HolidaysDecoder.decode(data) else { return }
        await HolidayRound(env: environment).decide(holidays, now: environment.now())
    }
}
