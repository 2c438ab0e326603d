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
        let loaded = try await Self.maps("libcurl", in: daemon, until: phone, seconds: 5)
        #expect(loaded == phone, phone ? "no libcurl mapped 5 s after start" : "libcurl mapped without a channel or a feed")
        #expect(await daemon.stop() == 0)
    }

    /// libcurl brings GnuTLS (through librtmp), which would initialise itself as it loads; it
    /// asks the program first, and the program says no. The dynamic loader's own account says
    /// whose answer GnuTLS got.
    @Test func gnutlsLoadedWithLibcurlAsksTheProgramAndIsNotInitialised() async throws {
        let sandbox = try Sandbox(config: IdleDaemonTests.remindersOnly + "\n" + Self.phone)
        let tracePrefix = sandbox.root.appendingPathComponent("ld").path
        let daemon = try DaemonProcess(
            ["--output", "json", "--verbose"], environment: sandbox.environment(["LD_DEBUG": "bindings", "LD_DEBUG_OUTPUT": tracePrefix]))
        let loaded = try await Self.maps("libgnutls", in: daemon, until: true, seconds: 10)
        #expect(await daemon.stop() == 0)
        try #require(loaded, "no GnuTLS mapped 10 s after start")
        // LD_DEBUG_OUTPUT is a prefix: the loader appends the process's id. The program is named
        // as it was started.
        let trace = try String(contentsOfFile: tracePrefix + ".\(daemon.process.processIdentifier)", encoding: .utf8)
        let skip = trace.split(separator: "\n").filter { $0.contains("`_gnutls_global_init_skip'") }
        #expect(skip.contains { $0.contains("libgnutls") && $0.contains(" to \(ProcessRunner.notifierPath) [0]:") }, "\(skip)")
    }

    /// Whether the daemon maps a library named `library`, looked at every 0.1 s until the answer
    /// is `expected` or `seconds` have passed.
    private static func maps(_ library: String, in daemon: DaemonProcess, until expected: Bool, seconds: Int) async throws -> Bool {
        let path = "/proc/\(daemon.process.processIdentifier)/maps"
        var mapped = ProcFile.text(path).contains(library)
        for _ in 0..<seconds * 10 where mapped != expected {
            try await Task.sleep(for: .milliseconds(100))
            mapped = ProcFile.text(path).contains(library)
        }
        return mapped
    }
}
