import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Upcoming-holiday reminders: what is due now (including reminders missed while the program
/// was not running, if the holiday is still ahead), each fired once through the engine, whose
/// state makes the dedup survive restarts.
package struct HolidayRound: Sendable {
    package static let checkInterval = Duration.seconds(300)
    package let env: FeedEnvironment

    package var config: Config { env.config }

    /// Checks once; `.notPolled` when there is nothing to check, `.failed` when the source failed.
    package func checkOnce() async -> FeedOutcome {
        await check().outcome
    }

    private func check() async -> (outcome: FeedOutcome, error: FeedError?) {
        guard config.holidays.enabled, config.holidayUpcoming.enabled else { return (.notPolled, nil) }
        let now = env.now()
        let rule = config.holidayUpcoming.rule
        let today = CivilDate(now, in: UpcomingHolidayRule.tallinn)
        // Days ahead count from the user's date, which may be a day past Estonia's.
        let horizon = max(today, UpcomingHolidayRule.today(now)).adding(days: (rule.leads.max() ?? 0))
        let source = HolidaySource(config: config, store: env.store, http: env.http)
        switch await source.holidays(from: today, through: horizon, now: now) {
        case .failure(let error):
            env.logger.warning("\(error)")
            return (config.holidays.source == .remote ? .failed : .notPolled, error)
        case .success(let holidays):
            await decide(holidays, now: now)
            return (config.holidays.source == .remote ? .succeeded : .notPolled, nil)
        }
    }

    /// The reminders due now among `holidays`, fetched, computed or replayed (`notifier test`).
    package func decide(_ holidays: [Holiday], now: Date) async {
        let rule = config.holidayUpcoming.rule
        let delivered = await env.engine.knownKeys.filter { $0.rule == UpcomingHolidayRule.id }.map(\.subject)
        let reminders = rule.due(holidays: holidays, now: now, userCalendar: env.calendar, delivered: Set(delivered))
        let readings = Self.readings(reminders, rule: rule, locale: env.locale)
        // A reminder is due on its day, not a change: never told as one made while stopped.
        let (alerts, changed, notes) = await env.engine.decide(readings, now: now)
        await env.delivery.submit(alerts, records: changed, notes: notes, now: now)
    }

    /// One reading per due reminder, each firing once.
    package static func readings(_ reminders: [UpcomingHolidayRule.Reminder], rule: UpcomingHolidayRule, locale: Locale) -> [SubjectReading] {
        reminders.map { reminder in
            SubjectReading(
                key: SubjectKey(rule: UpcomingHolidayRule.id, subject: reminder.key), signal: .beyondFire,
                shownValue: "\(reminder.holiday.date) \(UpcomingHolidayRule.when(daysAhead: reminder.daysAhead))", policy: AlertPolicy()
            ) { emission in
                emission == .fired ? rule.alert(for: reminder, locale: locale) : nil
            }
        }
    }

    /// In the daemon: check every few minutes (cheap: computed or cached), so 09:00 is met;
    /// after a failure of the remote source, the backoff.
    package func checkForever() async {
        guard config.holidays.enabled, config.holidayUpcoming.enabled else { return }
        var failures = 0
        await FeedLoop(interval: Self.checkInterval).run(env) {
            let error = await check().error
            failures = error == nil ? 0 : failures + 1
            return PollReport(failures: failures, retryAfter: error.retryAfter)
        }
    }
}
