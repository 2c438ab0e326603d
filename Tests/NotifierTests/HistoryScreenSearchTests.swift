import Foundation
import ProgramTestSupport
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierDelivery
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// `/` in the history screen: each key asks the store's search, the answer for what is typed
/// now is shown, Enter keeps it and Esc clears it.
@Suite struct HistoryScreenSearchTests {
    func model(_ sandbox: Sandbox) throws -> HistoryModel {
        let store = try HistorySearchTests().filledStore(sandbox)
        let filter = HistoryFilter(limit: 500)
        return HistoryModel(deliveries: try store.history(filter), timeZone: TimeZone(identifier: "UTC")!) { text in
            (try? store.history(filter.searching(text))) ?? []
        }
    }

    /// Presses a key and runs what it starts, as the shell does, handing the answers back.
    func press(_ key: Key, _ model: inout HistoryModel) async {
        for case .start(let task) in model.handle(.key(key)) {
            // A few rows of SQLite, as the shell runs it: short enough for the pool.
            _ = model.handle(.finished(name: task.name, result: await task.work()))
        }
    }

    @Test func typingSearchesEnterKeepsEscClears() async throws {
        let sandbox = try Sandbox()
        var model = try model(sandbox)
        #expect(model.shown.count == 4)
        await press(.character("/"), &model)
        #expect(model.isTyping)
        for character in "ether" { await press(.character(character), &model) }
        #expect(model.shown.map(\.key) == ["ETH"])
        let frame = model.frame(width: 80, height: 24, now: HistorySearchTests.now)
        #expect(frame.title.text.contains("1 of 4"))
        #expect(frame.status?.text.hasPrefix("Search: ether") == true)
        #expect(frame.keys.contains(KeyHelp(keys: "/", action: "search")))

        await press(.enter, &model)
        #expect(!model.isTyping && model.shown.map(\.key) == ["ETH"], "Enter keeps the search")
        #expect(model.frame(width: 80, height: 24, now: HistorySearchTests.now).status?.text.hasPrefix("Search: ether") == true)

        await press(.character("/"), &model)
        await press(.escape, &model)
        #expect(!model.isTyping && model.filter.isEmpty && model.shown.count == 4, "Esc clears it")

        await press(.character("/"), &model)
        for character in "NEAR(\"*" { await press(.character(character), &model) }
        #expect(model.shown.map(\.key) == ["crypto"], "syntax typed is text")
        for _ in 0..<7 { await press(.backspace, &model) }
        #expect(model.filter.isEmpty && model.shown.count == 4)
    }

    /// A slow answer for what was typed before must not replace the newer one.
    @Test func aLateAnswerIsIgnored() {
        var model = HistoryModel(deliveries: [HistorySearchTests.delivery("a")], filter: "ab", matches: []) { _ in [] }
        _ = model.handle(.finished(name: "search", result: HistoryModel.Found(text: "a", deliveries: [HistorySearchTests.delivery("late")])))
        #expect(model.shown.isEmpty)
        _ = model.handle(.finished(name: "search", result: HistoryModel.Found(text: "ab", deliveries: [HistorySearchTests.delivery("now")])))
        #expect(model.shown.map(\.title) == ["now"])
    }
}
