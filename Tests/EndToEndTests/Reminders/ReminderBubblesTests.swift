import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Two reminders due in the same minute, by `--once` passes against python3-dbusmock's
/// notification server: each its own bubble, with its own link and its own Done and Snooze
/// buttons, and the one with a lead notice updates that bubble in place. Grouping is for one
/// rule's alerts about many subjects; a reminder is one thing to do.
@Suite(.serialized, .sharingTheMachine) struct ReminderBubblesTests {
    static let config = """
        [feeds.crypto]
        enabled = false
        [rules.launch_country]
        enabled = false
        [[reminders]]
        name = "pills"
        text = "Take the pills"
        at = "09:00"
        every = "daily"
        lead = ["15m"]
        time_zone = "Europe/Tallinn"
        [[reminders]]
        name = "tea"
        text = "Drink the tea"
        at = "09:00"
        every = "daily"
        time_zone = "Europe/Tallinn"
        """

    /// (replaces_id, summary, the rest of the call) of each recorded Notify call.
    static func notifies(_ server: MockNotificationServer) async throws -> [(replaces: UInt32, summary: String, rest: String)] {
        let calls = try await server.notifyCalls()
        return calls.matches(of: /<'notifier'>, <uint32 (\d+)>, <'[^']*'>, <'([^']*)'>(.*?)(?=<'notifier'>|$)/.dotMatchesNewlines()).map {
            (UInt32($0.1) ?? 0, String($0.2), String($0.3))
        }
    }

    @Test func twoRemindersInOneMinuteAreTwoBubblesAndTheLeadIsUpdatedInPlace() async throws {
        let server = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: Self.config)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn", "DBUS_SESSION_BUS_ADDRESS": server.address])
        for time in ["2026-11-25 08:40:00", "2026-11-25 08:45:10", "2026-11-25 09:00:20"] {
            let pass = try await FakeTime.notifier(["--once"], at: time, environment: environment)
            #expect(pass.status == 0, "\(time): \(pass.stderr)")
        }
        let calls = try await Self.notifies(server)
        #expect(calls.map(\.summary) == ["Take the pills in 15 min", "Take the pills", "Drink the tea"], "\(calls.map(\.summary))")
        guard calls.count == 3 else { return }
        // The lead's bubble (the server's first id) becomes the time's; the tea has its own.
        #expect(calls.map(\.replaces) == [0, 1, 0], "\(calls.map(\.replaces))")
        for (call, name) in [(calls[1], "pills"), (calls[2], "tea")] {
            #expect(call.rest.contains("'reminder-done', 'Done', 'reminder-snooze-10m', 'Snooze 10 min'"), "\(name): \(call.rest)")
            #expect(call.rest.contains("notifier open reminder \(name)"), "\(name): \(call.rest)")
            #expect(!call.rest.contains("history"), "\(name): \(call.rest)")
        }
    }
}
