import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// The daemon between two due instants: it sleeps. Its threads' context switches over 20 s are
/// counted from /proc (each thread's voluntary and involuntary switches): a periodic timer
/// shorter than the next due instant (libdispatch's one-second monitor, a loop that looks every
/// 15 s) shows as tens of them. And what it was not told by its own clock wakes it: a reminder
/// another process stored.
@Suite(.sharingTheMachine) struct IdleDaemonTests {
    /// Every built-in feed off; one reminder a month ahead.
    static let remindersOnly = """
        [rules.launch_country]
        enabled = false
        [feeds.crypto]
        enabled = false
        [feeds.forecast]
        enabled = false
        [rules.holiday_upcoming]
        enabled = false
        [[reminders]]
        name = "far"
        text = "Renew the passport"
        at = "\(Self.monthAhead) 09:00"
        """

    /// The launch country too, from a fetched source's snapshot (the feed itself off): the store
    /// it reads must be the daemon's own, as opening and closing one starts libdispatch's pool.
    static let withLaunchCountry = remindersOnly.replacingOccurrences(
        of: "[rules.launch_country]\nenabled = false",
        with: "[rules.launch_country]\ndelay_seconds = 0\n[feeds.countries]\nenabled = false\nsource = \"restcountries-v3\"")

    static var monthAhead: String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(30 * 86400))
    }

    /// Each thread's context switches so far, by thread id.
    static func switches(of pid: Int32) -> [String: Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var result: [String: Int] = [:]
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { continue }
            result[task] = status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
                .compactMap { Int($0.split(separator: "\t").last ?? "") }.reduce(0, +)
        }
        return result
    }

    @Test(arguments: [false, true]) func anIdleDaemonSleepsUntilSomethingIsDue(launchCountry: Bool) async throws {
        let sandbox = try Sandbox(config: launchCountry ? Self.withLaunchCountry : Self.remindersOnly)
        let daemon = try DaemonProcess(["--output", "json", "--verbose"], environment: sandbox.environment())
        #expect(await daemon.waitUntil { $0.stderr.contains("reminders: next due") }, "\(daemon.stderr)")
        if launchCountry { #expect(await daemon.waitUntil { $0.stdout.contains("launch_country") }, "\(daemon.stderr)") }
        // Settled: what starting up set going has ended.
        try await Task.sleep(for: .seconds(2))
        let pid = daemon.process.processIdentifier
        let before = Self.switches(of: pid)
        try await Task.sleep(for: .seconds(20))
        let after = Self.switches(of: pid)
        let woken = after.map { thread, count in (thread, count - (before[thread] ?? 0)) }.filter { $0.1 > 0 }
        let total = woken.map(\.1).reduce(0, +)
        // Nothing is due in the window: the limit is none; a stray one or two are tolerated.
        #expect(total <= 3, "\(total) context switches in 20 s idle, by thread: \(woken.sorted { $0.0 < $1.0 })")
        #expect(await daemon.stop() == 0)
    }

    @Test func aReminderStoredBesideTheSleepingDaemonIsShownWhenDue() async throws {
        let sandbox = try Sandbox(config: Self.remindersOnly)
        let daemon = try DaemonProcess(["--output", "json", "--verbose"], environment: sandbox.environment())
        #expect(await daemon.waitUntil { $0.stderr.contains("reminders: next due") }, "\(daemon.stderr)")
        // Due at the next whole minute (one-offs are kept to the minute), within 60 s.
        let stored = try await ProcessRunner.notifier(["remind", "Take the tea off", "--in", "1s", "--yes"], environment: sandbox.environment())
        #expect(stored.status == 0, "\(stored.stderr)")
        // Asleep until next month, it is told of the new one-off and shows it on time.
        let shown = await daemon.waitUntil(timeout: .seconds(75)) { $0.stdout.contains("Take the tea off") }
        #expect(shown, "remind said: \(stored.stdout)\(stored.stderr); the daemon: \(daemon.stderr)\(daemon.stdout)")
        #expect(await daemon.stop() == 0)
    }
}
