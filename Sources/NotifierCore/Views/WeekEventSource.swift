import Foundation
import Logging
import NotifierEngine
import NotifierSystem

/// What a feed has on each day of a week (a calendar's events), which the week view shows beside
/// the holidays. The view finds it among the program's feeds, so that neither feed names the other.
package protocol WeekEventSource: Sendable {
    /// Whether the config gives it anything to show.
    func hasEvents(_ config: Config) -> Bool
    /// Each day from `start` through `end`, with its lines ("10:00 Stand-up"), in order.
    func byDay(config: Config, from start: CivilDate, through end: CivilDate, logger: Logger, now: Date) -> [CivilDate: [String]]
}

extension Program {
    /// The first of the feeds' week events, if any feed has them.
    package var weekEvents: (any WeekEventSource)? {
        feeds.capable((any WeekEvents).self).first?.weekEvents
    }
}
