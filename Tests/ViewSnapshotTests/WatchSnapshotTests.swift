import Foundation
import SnapshotTesting
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// A watch's view and the list of watches at 80 × 24, as plain text, from a report as the store
/// gives it after a few polls.
@Suite struct WatchSnapshotTests {
    static let now = Date(timeIntervalSince1970: 1_798_000_000)

    func text(_ model: some ScreenModel, height: Int = 24) -> String {
        var layout = ScreenLayout(width: 80, height: height)
        return layout.plainText(for: model.frame(width: 80, height: height, now: Self.now))
    }

    static var report: WatchReport {
        var watch = WatchSettings()
        watch.name = "swift-stars"
        watch.url = "https://api.github.com/repos/swiftlang/swift"
        watch.select = ".stargazers_count"
        watch.above = 70000
        var report = WatchReport(watch, store: nil)
        report.value = "70100"
        report.state = "value"
        report.lastFetch = "2026-12-23T04:20:00Z"
        // A person reads local time (with its offset), not the UTC of `--json`.
        report.timeZone = TimeZone(identifier: "Europe/Tallinn")!
        report.lastFetchAt = Date(timeIntervalSince1970: 1_797_999_600)
        report.lastStatus = "HTTP 200"
        report.history = [69_800, 69_850, 69_900, 69_990, 70_020, 70_100]
        report.decisions = [
            "2026-12-23T04:20:00Z swift-stars:above: delivered: swift-stars rose above 70000: 70100",
            "2026-12-23T04:05:00Z swift-stars:above: holds below 70000: 69990",
        ]
        report.decisionNotes = [
            (Date(timeIntervalSince1970: 1_797_999_600), "swift-stars:above: delivered: swift-stars rose above 70000: 70100"),
            (Date(timeIntervalSince1970: 1_797_998_700), "swift-stars:above: holds below 70000: 69990"),
        ]
        report.context = """
            {
              "forks" : 10500,
              "name" : "swift",
              "stargazers_count" : 70100
            }
            """
        return report
    }

    @Test func watchView() {
        let model = WatchViewModel(report: Self.report, reload: { Self.report })
        let shown = text(model)
        #expect(shown.contains("▁") && shown.contains("█"), "the sparkline rises:\n\(shown)")
        assertSnapshot(of: shown, as: .lines)
    }

    @Test func watchList() {
        var off = Self.report
        off.name = "release"
        off.enabled = false
        off.value = nil
        off.state = "not fetched yet"
        off.lastFetch = nil
        off.lastFetchAt = nil
        var model = WatchListModel(reports: [Self.report, off], load: { _ in Self.report })
        _ = model.handle(.key(.down))
        assertSnapshot(of: text(model, height: 8), as: .lines)
        let effects = model.handle(.key(.enter))
        guard case .push(var pushed)? = effects.first else {
            Issue.record("Enter opens the watch: \(effects)")
            return
        }
        guard case .start(let task)? = pushed.appear().first else {
            Issue.record("the view loads its decisions as it opens")
            return
        }
        #expect(task.name == "reload")
    }
}
