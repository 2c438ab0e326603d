import Foundation
import Logging
import NotifierEngine
import TestSupport
import Testing

@testable import NotifierProgram

/// What the daemon's log says of the terminal a click opens: a terminal that fails at once is
/// named with its status and the setting that picks it; one that runs says nothing more.
@Suite struct DeepLinkOpenerTests {
    static func opener(terminal: [String]) -> (DeepLinkOpener, LogLines) {
        let lines = LogLines()
        var opener = DeepLinkOpener(
            environment: ["PATH": "/usr/bin:/bin"], logger: Logger(label: "test") { _ in CapturingLogHandler(lines: lines) })
        opener.terminal = terminal
        return (opener, lines)
    }

    @Test func aTerminalThatFailsAtOnceIsSaid() async throws {
        let (opener, lines) = Self.opener(terminal: ["/bin/false"])
        opener.open(try #require(DeepLink.list("countries")))
        let deadline = ContinuousClock.now + .seconds(5)
        while !lines.all.contains(where: { $0.isProblem }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let warning = try #require(lines.all.first { $0.isProblem }?.message)
        #expect(warning.contains("/bin/false for notifier list countries exited with status 1 at once"), "\(warning)")
        #expect(warning.contains("[delivery] terminal"))
    }

    @Test func aTerminalThatSucceedsSaysOnlyThatItOpened() async throws {
        let (opener, lines) = Self.opener(terminal: ["/bin/true"])
        opener.open(try #require(DeepLink.list("countries")))
        try await Task.sleep(for: .milliseconds(500))
        #expect(lines.all.map(\.message) == ["opened notifier list countries with /bin/true"])
    }
}
