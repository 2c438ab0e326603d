import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// libcurl is opened on first use; a daemon with a phone or mail channel opens it once started,
/// so that the first message due does not wait for it. Without one (and without a feed that
/// fetches), it is never opened.
@Suite(.sharingTheMachine) struct LibraryWarmUpTests {
    static let phone = """
        [[channels]]
        name = "phone"
        ntfy = "http://127.0.0.1:9/alerts"
        """

    @Test(arguments: [false, true]) func libcurlIsOpenedOnceStartedOnlyWithAChannel(phone: Bool) async throws {
        let sandbox = try Sandbox(config: IdleDaemonTests.remindersOnly + (phone ? "\n" + Self.phone : ""))
        let daemon = try DaemonProcess(["--output", "json", "--verbose"], environment: sandbox.environment())
        #expect(await daemon.waitUntil { $0.stderr.contains("reminders: next due") }, "\(daemon.stderr)")
        let pid = daemon.process.processIdentifier
        func mapsLibcurl() -> Bool { ProcFile.text("/proc/\(pid)/maps").contains("libcurl") }
        var loaded = mapsLibcurl()
        for _ in 0..<50 where loaded != phone {
            try await Task.sleep(for: .milliseconds(100))
            loaded = mapsLibcurl()
        }
        #expect(loaded == phone, phone ? "no libcurl mapped 5 s after start" : "libcurl mapped without a channel or a feed")
        #expect(await daemon.stop() == 0)
    }

    /// libcurl brings GnuTLS (through librtmp), which would initialise itself as it loads; it
    /// asks the program first, and the program says no. The dynamic loader's own account says
    /// whose answer GnuTLS got.
    @Test func gnutlsLoadedWithLibcurlAsksTheProgramAndIsNotInitialised() async throws {
        let sandbox = try Sandbox(config: IdleDaemonTests.remindersOnly + "\n" + Self.phone)
        let trace = sandbox.root.appendingPathComponent("ld")
        let daemon = try DaemonProcess(
            ["--output", "json", "--verbose"], environment: sandbox.environment(["LD_DEBUG": "bindings", "LD_DEBUG_OUTPUT": trace.path]))
        let pid = daemon.process.processIdentifier
        var loaded = false
        for _ in 0..<100 where !loaded {
            try await Task.sleep(for: .milliseconds(100))
            loaded = ProcFile.text("/proc/\(pid)/maps").contains("libgnutls")
        }
        #expect(await daemon.stop() == 0)
        try #require(loaded, "no GnuTLS mapped 10 s after start")
        // LD_DEBUG_OUTPUT is a prefix: the loader appends the process's id.
        let bindings = try String(contentsOfFile: trace.path + ".\(pid)", encoding: .utf8).split(separator: "\n")
        let skip = bindings.filter { $0.contains("`_gnutls_global_init_skip'") }
        #expect(skip.contains { $0.contains("libgnutls") && $0.contains("/notifier [0]") }, "\(skip)")
    }
}
