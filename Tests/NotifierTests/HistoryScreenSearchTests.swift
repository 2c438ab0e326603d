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
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func row(_ title: String, key: String = "BTC", hoursAgo: Double = 1) -> Delivery {
        Delivery(
            deliveredAt: now.addingTimeInterval(-hoursAgo * 3600), rule: "crypto_change", key: key, title: title, body: "", urgency: "normal",
            deepLink: "notifier history", sink: "desktop")
    }

    /// Four rows, one with search syntax in its title; the store's search itself is
    /// `HistorySearchTests`'.
    func model(_ sandbox: Sandbox) throws -> HistoryModel {
        let store = try Store(path: sandbox.storeFile.path)
        let rows: [(String, String, Double)] = [
            ("BTC +6.2 % in 24 h", "BTC", 1), ("Ether fell 7 %", "ETH", 30), ("Kadripäev today", "2026-11-25", 240),
            ("Quote \" star * NEAR(x) title:y", "crypto", 2),
        ]
        for (title, key, hoursAgo) in rows { try store.record(Self.row(title, key: key, hoursAgo: hoursAgo)) }
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
        let frame = model.frame(width: 80, height: 24, now: Self.now)
        #expect(frame.title.text.contains("1 of 4"))
        #expect(frame.status?.text.hasPrefix("Search: ether") == true)
        #expect(frame.keys.contains(KeyHelp(keys: "/", action: "search")))

        await press(.enter, &model)
        #expect(!model.isTyping && model.shown.map(\.key) == ["ETH"], "Enter keeps the search")
        #expect(model.frame(width: 80, height: 24, now: Self.now).status?.text.hasPrefix("Search: ether") == true)

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
        var model = HistoryModel(deliveries: [Self.row("a")], filter: "ab", matches: []) { _ in [] }
        _ = model.handle(.finished(name: "search", result: HistoryModel.Found(text: "a", deliveries: [Self.row("late")])))
        #expect(model.shown.isEmpty)
        _ = model.handle(.finished(name: "search", result: HistoryModel.Found(text: "ab", deliveries: [Self.row("now")])))
        #expect(model.shown.map(\.title) == ["now"])
    }
}

/// `notifier history`'s options: `--since` takes the program's durations, `--grep` needs a word.
@Suite struct HistoryCommandTests {
    @Test func sinceTakesTheProgramsDurations() {
        #expect(HistoryCommand.duration("7d") == .seconds(7 * 86400))
        #expect(HistoryCommand.duration("12h") == .seconds(12 * 3600))
        #expect(HistoryCommand.duration("1d12h") == .seconds(36 * 3600))
        for bad in ["", "0d", "7", "d", "-7d", "7 days", "7w", "1.5h", "9223372036854775807d", "9000000000000000000s9000000000000000000s", "7d\u{0}"] {
            #expect(HistoryCommand.duration(bad) == nil, "\(bad.debugDescription)")
        }
        let now = HistoryScreenSearchTests.now
        #expect(HistoryCommand.cutoff(.seconds(3600), now: now) == now.addingTimeInterval(-3600))
        #expect(HistoryCommand.cutoff(.seconds(Int64.max), now: now) == Date(timeIntervalSince1970: 0), "further back than 1970: all of it")
    }

    @Test func badSinceOrGrepIsAUsageErrorNamingTheOption() {
        for bad in ["soon", "0h", "7"] {
            #expect(throws: (any Error).self) { try HistoryCommand.parse(["--since", bad]) }
            do {
                _ = try HistoryCommand.parse(["--since", bad])
            } catch {
                #expect(HistoryCommand.message(for: error).contains("--since"), "\(HistoryCommand.message(for: error))")
                #expect(HistoryCommand.exitCode(for: error) == .validationFailure)
            }
        }
        #expect((try? HistoryCommand.parse(["--since", "7d", "--grep", "\"NEAR(*"])) != nil)
        for wordless in ["", "***", "\" - :", "\u{0}\u{1b}"] {
            do {
                _ = try HistoryCommand.parse(["--grep", wordless])
                Issue.record("\(wordless.debugDescription) has no word to look for")
            } catch {
                #expect(HistoryCommand.message(for: error).hasPrefix("--grep looks for words"), "\(HistoryCommand.message(for: error))")
                #expect(!HistoryCommand.message(for: error).contains("\u{1b}"))
            }
        }
    }
}
