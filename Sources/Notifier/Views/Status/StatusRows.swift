import Foundation
import Rules

/// A reminder's or a calendar alarm's next time, for the home screen's "Next".
struct UpcomingRow: Sendable, Equatable {
    /// "reminder" or "alarm" (a calendar event's).
    var kind: String
    var name: String
    var text: String
    var at: Date
    /// The `notifier://` link Enter opens.
    var link: String

    static func load(context: AppContext, store: Store?, now: Date) -> [UpcomingRow] {
        let reminders = ReminderRound.reminders(config: context.config, store: store, logger: context.logger, now: now)
        let rows = reminders.compactMap { reminder, _ -> UpcomingRow? in
            guard let next = reminder.schedule.occurrences(from: now, count: 3).first(where: { !$0.skipped }) else { return nil }
            let link = reminder.link?.url ?? DeepLink.reminder(reminder.name)?.url ?? DeepLink.history.url
            return UpcomingRow(
                kind: reminder.link == nil ? "reminder" : "alarm", name: reminder.name, text: reminder.text, at: next.date, link: link)
        }
        return Array(rows.sorted { $0.at != $1.at ? $0.at < $1.at : $0.name < $1.name }.prefix(StatusReport.upcomingShown))
    }
}

/// One watch on the home screen: its value and state, and what is wrong when its last poll
/// brought no value.
struct WatchRow: Sendable, Equatable {
    var name: String
    var enabled: Bool
    var value: String?
    var state: String
    var lastFetch: Date?
    /// The last poll's trouble in a line; `nil` when it brought a value.
    var problem: String?
    var link: String

    init(
        name: String, enabled: Bool = true, value: String?, state: String, lastFetch: Date?, problem: String? = nil,
        link: String
    ) {
        self.name = name
        self.enabled = enabled
        self.value = value
        self.state = state
        self.lastFetch = lastFetch
        self.problem = problem
        self.link = link
    }

    init(_ report: WatchReport) {
        let failed = ["failed", "no value"].contains(report.state)
        self.init(
            name: report.name, enabled: report.enabled, value: report.value, state: report.state, lastFetch: report.lastFetchAt,
            problem: failed ? (report.detail.isEmpty ? report.state : report.detail) : nil,
            link: DeepLink.watch(report.name)?.url ?? DeepLink.history.url)
    }
}
