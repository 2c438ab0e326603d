import Foundation
import ProgramTestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// `acknowledge` and `escalate` are keys of every rule and every entry, checked with their line.
struct EscalateConfigTests {
    static let channels = """
        [[channels]]
        name = "phone"
        ntfy = "https://ntfy.sh/x"
        """

    func problem(_ text: String) -> String {
        do {
            _ = try ConfigLoader.parse(text, file: "config.toml")
            return ""
        } catch { return error.description }
    }

    @Test func aReminderAndARuleSayIt() throws {
        let config = try ConfigLoader.parse(
            """
            [rules.crypto_change]
            acknowledge = true
            escalate = ["1h"]
            [[reminders]]
            name = "pills"
            text = "Take the pills"
            at = "08:00"
            every = "daily"
            escalate = ["10m", "30m phone", "2h phone"]
            acknowledge = true
            \(Self.channels)
            """, file: "config.toml")
        #expect(config.entryAcknowledgement["reminders"]?["pills"]?.escalate.map(\.after) == [600, 1800, 7200])
        #expect(config.entryAcknowledgement["reminders"]?["pills"]?.acknowledge == true)
        #expect(config.ruleAcknowledgement["crypto_change"] == AcknowledgePolicy(acknowledge: true, escalate: [EscalationStep(after: 3600)]))
        #expect(config.acknowledgeableNames == ["crypto_change", "pills"])
        #expect(try ConfigLoader.parse(config.renderedTOML(), file: "x") == config, "config check reads back")
    }

    @Test func badStepsAndUnknownChannelsNameTheirLine() {
        let reminder = """
            [[reminders]]
            name = "pills"
            text = "Take the pills"
            at = "08:00"
            every = "daily"
            """
        #expect(problem(reminder + "\nescalate = [\"soon\"]").contains("config.toml:6: reminders[0].escalate has \"soon\", which is not a span"))
        #expect(problem(reminder + "\nescalate = \"10m\"").contains("config.toml:6: reminders[0].escalate must be a list of steps"))
        #expect(
            problem(reminder + "\nescalate = [\"10m\", \"30m pager\"]\n" + Self.channels).contains(
                "config.toml:6: reminders.0.escalate (pills) names \"pager\", which no [[channels]] entry is called; channels: phone"))
        #expect(problem("[rules.crypto_change]\nescalate = [\"1h pager\"]").contains("config.toml:2: rules.crypto_change.escalate names \"pager\""))
        #expect(problem("[rules.crypto_change]\nacknowledge = \"yes\"").contains("config.toml:2: rules.crypto_change.acknowledge must be true or false"))
        #expect(problem(reminder + "\nescalat = [\"10m\"]").contains("did you mean escalate?"))
    }
}

/// The Acknowledge button is offered on what waits for an acknowledgement; a reminder's Done
/// stands for it.
struct AcknowledgeButtonTests {
    @Test func offeredWhereAcknowledgeable() {
        var alert = Alert(rule: "crypto_change", key: "BTC", title: "t", body: "b", category: "x", deepLink: .history)
        #expect(!NotificationAction.offered(for: alert, capabilities: ["actions"], silenceable: ["crypto_change"]).contains(.acknowledge))
        alert.acknowledgeable = true
        #expect(NotificationAction.offered(for: alert, capabilities: ["actions"], silenceable: ["crypto_change"]) == [.open, .acknowledge, .snooze, .mute])
        var reminder = Alert(rule: "reminder", key: "pills@2026-11-25T09:00", title: "t", body: "b", category: "x", deepLink: .history)
        reminder.acknowledgeable = true
        #expect(!NotificationAction.offered(for: reminder, capabilities: ["actions"]).contains(.acknowledge), "Done acknowledges")
    }
}
