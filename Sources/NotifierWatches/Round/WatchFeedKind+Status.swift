import Foundation
import NotifierCore
import NotifierEngine

extension WatchFeedKind: ValueRows {
    package func valueRows(config: Config, store: Store?) -> [WatchRow] {
        config.ownWatches.map { WatchRow(WatchReport($0, store: store, decisionsLimit: 0)) }
    }
}

extension WatchRow {
    package init(_ report: WatchReport) {
        let failed = ["failed", "no value"].contains(report.state)
        self.init(
            name: report.name, enabled: report.enabled, value: report.value, state: report.state, lastFetch: report.lastFetchAt,
            problem: failed ? (report.detail.isEmpty ? report.state : report.detail) : nil,
            link: DeepLink.watch(report.name)?.url ?? DeepLink.history.url)
    }
}
