import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// A calendar path that does not exist or cannot be read, as a failing row of the home screen:
/// every alarm of that calendar is off. Calendars that read well add no row.
package struct CalendarStatusRows: StatusRowsProvider {
    package func statusRows(store: Store?, config: Config, now: Date) -> [StatusRow] {
        let paths = config.calendars.paths
        let expanded = config.calendars.expandedPaths(home: XDGPaths.home)
        return CalendarShelf.unreachable(expanded).map { path, why in
            let written = expanded.firstIndex(of: path).map { paths[$0] } ?? path
            return StatusRow(
                kind: "calendar", name: (written as NSString).lastPathComponent, state: "failing", lastPoll: nil, nextPoll: nil,
                health: "\(written) \(why); its alarms are off", link: DeepLink.history.url)
        }
    }
}
