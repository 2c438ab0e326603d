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

/// `list events` on a terminal at 80 × 8, from rows as the command makes them.
@Suite struct EventSnapshotTests {
    static let rows = [
        EventListModel.Row(uid: "dinner@example.org", text: "Thu 2026-12-24 18:00–18:30  Dinner · Grandma's"),
        EventListModel.Row(uid: "walk@example.org", text: "Sat 2026-12-26 10:00–10:30  Walk in the woods"),
        EventListModel.Row(uid: "new-year@example.org", text: "Thu 2026-12-31 all day      New Year's Eve"),
    ]

    func text(_ model: some ScreenModel) -> String {
        var layout = ScreenLayout(width: 80, height: 8)
        return layout.plainText(for: model.frame(width: 80, height: 8, now: Date(timeIntervalSince1970: 1_798_000_000)))
    }

    @Test func eventList() {
        var model = EventListModel(rows: Self.rows, from: "2026-12-23", to: "2026-12-31") { uid in
            TextModel(title: "Event: \(uid)", text: "  calendar: x.ics\n")
        }
        _ = model.handle(.key(.down))
        let frame = model.frame(width: 80, height: 8, now: .distantPast)
        #expect(frame.body[1].spans.allSatisfy { $0.emphasis == .selected }, "the second row is selected: \(frame.body[1])")
        assertSnapshot(of: text(model), as: .lines)
        let effects = model.handle(.key(.enter))
        guard case .push(let opened)? = effects.first else {
            Issue.record("Enter opens the event: \(effects)")
            return
        }
        #expect(opened.frame(width: 80, height: 8, now: .distantPast).title.text == "Event: walk@example.org")
    }

    @Test func noEvents() {
        let model = EventListModel(rows: [], from: "2026-12-23", to: "2026-12-31") { _ in TextModel(title: "", lines: []) }
        var none = model
        #expect(none.handle(.key(.enter)).isEmpty)
        #expect(text(model).contains("No events from 2026-12-23 to 2026-12-31."))
    }
}
