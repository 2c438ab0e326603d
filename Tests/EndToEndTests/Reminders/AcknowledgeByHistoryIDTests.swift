import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `notifier ack ID` with the id a person finds in the history: an item's id is its first
/// delivery's history row id, and a later row of the same subject (a step's repeat) names it too.
@Suite(.serialized, .sharingTheMachine) struct AcknowledgeByHistoryIDTests {
    @Test func theHistoryShowsTheIDThatAckTakes() async throws {
        let desk = try await AcknowledgeEndToEndTests.Desk.start()
        defer { desk.stopLater() }
        let environment = desk.sandbox.environment(["TZ": "Europe/Tallinn", "DBUS_SESSION_BUS_ADDRESS": desk.server.address])
        func run(_ arguments: [String], at time: String) async throws -> ProcessResult {
            try await FakeTime.notifier(arguments, at: "2026-11-25 " + time, environment: environment)
        }
        func rows(at time: String) async throws -> [[String: String]] {
            let history = try await run(["history", "--json"], at: time)
            #expect(history.status == 0, "\(history.stderr)")
            return history.stdout.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String]
            }
        }
        #expect(try await run(["--once"], at: "08:59:00").status == 0)
        let first = try await run(["--once"], at: "09:00:30")
        #expect(first.status == 0, "\(first.stderr)")
        let shown = try await rows(at: "09:01:00").filter { $0["rule"] == "reminder" }
        let firstID = try #require(shown.first?["id"], "\(shown)")

        let listed = try await run(["ack", "--json"], at: "09:01:00")
        #expect(listed.stdout.contains("\"id\":\"\(firstID)\""), "the item's id is its first row's: \(listed.stdout)")
        let printed = try await run(["history", "--plain"], at: "09:01:00")
        #expect(printed.stdout.contains("waits for an acknowledgement: notifier ack \(firstID)"), "\(printed.stdout)")

        // The step's repeat is a row of its own; its id names the same item.
        #expect(try await run(["--once"], at: "09:11:00").status == 0)
        let repeated = try await rows(at: "09:12:00").filter { $0["title"]?.hasSuffix("(not yet acknowledged)") == true }
        let repeatID = try #require(repeated.first?["id"], "the step's row: \(repeated)")
        #expect(repeatID != firstID)
        let acked = try await run(["ack", repeatID], at: "09:12:00")
        #expect(acked.status == 0 && acked.stdout.contains("Acknowledged pills: Take the pills"), "\(acked.stdout)\(acked.stderr)")
        let again = try await run(["ack", firstID], at: "09:13:00")
        #expect(again.status == 1 && again.stdout.contains("Nothing open under \(firstID)"), "\(again.stdout)\(again.stderr)")
        let after = try await run(["history", "--plain"], at: "09:13:00")
        #expect(!after.stdout.contains("waits for an acknowledgement"), "\(after.stdout)")
    }
}
