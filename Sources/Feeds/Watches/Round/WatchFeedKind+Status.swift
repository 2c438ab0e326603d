import Foundation
import NotifierCore
import NotifierEngine

extension WatchFeedKind: ValueSections {
    /// Its health rows are named "watch:NAME" (`WatchHealthTracker`).
    package func valueSection(config: Config, store: Store?) -> ValueSection {
        ValueSection(
            heading: "Watches", jsonKey: "watches", healthPrefix: "watch:",
            rows: config.ownWatches.map { ValueRow(WatchReport($0, store: store, decisionsLimit: 0)) })
    }
}

extension ValueRow {
    package init(_ report: WatchReport) {
        let failed = ["failed", "no value"].contains(report.state)
        self.init(
            name: report.name, enabled: report.enabled, value: report.value, state: report.state, lastFetch: report.lastFetchAt,
            problem: failed ? (report.detail.isEmpty ? report.state : report.detail) : nil,
            link: DeepLink.watch(report.name)?.url ?? DeepLink.history.url)
    }
}
