import Foundation
import NotifierCore

extension UpcomingRow {
    /// Every feed's next times, the soonest first.
    package static func load(context: AppContext, store: Store?, now: Date) -> [UpcomingRow] {
        let rows = context.program.feeds.capable((any UpcomingTimes).self).flatMap { $0.upcoming(context: context, store: store, now: now) }
        return Array(rows.sorted { $0.at != $1.at ? $0.at < $1.at : $0.name < $1.name }.prefix(StatusReport.upcomingShown))
    }
}
