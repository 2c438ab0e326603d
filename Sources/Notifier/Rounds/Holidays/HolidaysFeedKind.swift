import Feeds
import Foundation
import Rules

/// Estonian holidays (computed, or from the remote API), for `holiday_upcoming`.
struct HolidaysFeedKind: FeedKind {
    var name: String { HolidaysFeed.name }
    var views: [FeedView] { [.holiday, .week] }

    func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome {
        await HolidayRound(env: environment).checkOnce()
    }

    func pollForever(_ environment: FeedEnvironment) async {
        await HolidayRound(env: environment).checkForever()
    }

    func dryRun(_ env: DryRunEnvironment, into report: inout DryRunReport) async {
        let config = env.config
        guard config.holidays.enabled, config.holidayRuleEnabled else { return }
        let rule = config.upcomingHolidayRule
        let now = env.now()
        let today = HolidayDate(now, in: UpcomingHolidayRule.tallinn)
        // Remote holidays only from the cache here: a dry run writes nothing, the cache included.
        guard config.holidaysSource != .remote else {
            report.note("holiday_upcoming: remote source, not fetched in a dry run")
            return
        }
        let holidays = EstonianCalendar.holidays(from: today, through: today.adding(days: rule.leads.max() ?? 0))
        let engine = env.store.flatMap { try? $0.loadEngine() } ?? RuleEngine()
        for reminder in rule.due(holidays: holidays, now: now, userCalendar: .current)
        where engine.records[SubjectKey(rule: UpcomingHolidayRule.id, subject: reminder.key)] == nil {
            report.would(rule.alert(for: reminder, locale: .current))
        }
    }
}
