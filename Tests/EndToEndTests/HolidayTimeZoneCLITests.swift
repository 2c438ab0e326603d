import EndToEndSupport
import Foundation
import TestSupport
import Testing

@testable import NotifierCrypto

/// A time zone far from Tallinn, from outside: the binary in Newfoundland (UTC−03:30, 5 h 30 behind Tallinn),
/// its clock set by faketime (the system's own clock, no hook in the program), passes on both
/// sides of Tallinn's midnight and of the user's own. Each title is counted as shown.
@Suite(.serialized, .sharingTheMachine) struct HolidayTimeZoneCLITests {
    static let config = """
        [feeds.crypto]
        enabled = false
        [rules.launch_country]
        enabled = false
        """

    /// The titles (and grouped fragments) of a pass's JSON lines mentioning Uusaasta.
    static func uusaasta(_ output: String) -> [String] {
        // JSON lines, or the terminal's lines (a title, then indented lines) when the daemon
        // finds no notification server.
        output.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])?["title"]
                ?? (line.hasPrefix(" ") || line.hasPrefix("notifier ") ? nil : String(line))
        }.flatMap { title in
            title.replacingOccurrences(of: #"^\d+ holidays ahead: "#, with: "", options: .regularExpression)
                .components(separatedBy: ", ")
        }.filter { $0.contains("Uusaasta") }
    }

    static func once(at time: String, _ environment: [String: String]) async throws -> [String] {
        let result = try await FakeTime.notifier(["--once", "--output", "json"], at: time, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return uusaasta(result.stdout)
    }

    @Test func onceRunsAroundBothMidnightsSayTodayOnce() async throws {
        let sandbox = try Sandbox(config: Self.config, holidays: true)
        let environment = sandbox.environment(["TZ": "America/St_Johns"])
        var shown: [String] = []
        // 08:00 and 20:00 on 31 Dec (20:00 is 01:30 on 1 Jan in Tallinn), 09:30 and 21:00 on 1 Jan.
        for time in ["2026-12-31 08:00:00", "2026-12-31 20:00:00", "2027-01-01 09:30:00", "2027-01-01 21:00:00"] {
            shown += try await Self.once(at: time, environment)
        }
        #expect(shown.filter { $0.contains("Uusaasta (today)") || $0 == "Public holiday today: Uusaasta" }.count == 1, "\(shown)")
        #expect(shown.filter { $0.contains("tomorrow") }.count == 1, "\(shown)")
        #expect(shown.count == 2, "\(shown)")
    }

    @Test func theDaemonAfterTallinnsMidnightSaysTodayOnce() async throws {
        let sandbox = try Sandbox(config: Self.config, holidays: true)
        let environment = sandbox.environment(["TZ": "America/St_Johns"])
        // libfaketime preloaded into the daemon itself (the faketime wrapper would take the
        // SIGTERM); "@…" starts the clock there and lets it run (without "@" it stands still).
        func daemon(at time: String) async throws -> [String] {
            var faked = environment
            faked["LD_PRELOAD"] = FakeTime.preload
            faked["FAKETIME"] = "@" + time
            let process = try DaemonProcess(["--output", "json"], environment: faked)
            #expect(await process.waitUntil { !Self.uusaasta($0.stdout).isEmpty }, "\(process.stderr)")
            #expect(await process.stop() == 0)
            return Self.uusaasta(process.stdout)
        }
        // Started at 20:00 local, already 1 Jan in Tallinn; again the next morning.
        var shown = try await daemon(at: "2026-12-31 20:00:00")
        shown += try await daemon(at: "2027-01-01 09:30:00")
        #expect(shown == ["Uusaasta (tomorrow)", "Uusaasta (today)"], "\(shown)")
        #expect(try await Self.once(at: "2027-01-01 21:00:00", environment).isEmpty)
    }
}
