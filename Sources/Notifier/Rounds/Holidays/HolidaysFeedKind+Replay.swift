import Feeds
import Foundation
import Rules

/// `notifier test`'s replay of a recorded answer of the holiday API (`{"error":false,
/// "holidays":{…}}`): the reminders due at the recording's time, in the scenario's time zone,
/// decided as `HolidayRound` does. The recording stands for the holidays source whatever
/// `feeds.holidays.source` says, so a scenario shows the days it was given.
extension HolidaysFeedKind: RecordedFeed {
    var recordingSuffixes: [String] { ["holidays"] }

    func replay(_ data: Data, suffix: String, now: Date, config: Config, state: inout ReplayState) -> [DecisionNote] {
        guard config.holidays.enabled, config.holidayUpcoming.enabled else { return [] }
        // As live: a failed source is logged and decides nothing (reminders stay due for later).
        guard let holidays = try? HolidaysDecoder.decode(data) else { return [] }
        let rule = config.holidayUpcoming.rule
        let delivered = state.engine.records.keys.filter { $0.rule == UpcomingHolidayRule.id }.map(\.subject)
        let reminders = rule.due(holidays: holidays, now: now, userCalendar: state.calendar, delivered: Set(delivered))
        let readings = HolidayRound.readings(reminders, rule: rule, locale: ReplayState.locale)
        return state.deliver(state.engine.evaluate(readings, now: now), now: now)
    }
}
