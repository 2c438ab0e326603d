import EndToEndSupport
import FlyingFox
import Foundation
import TestSupport
import Testing

/// The forecast view on a pseudo-terminal, against a loopback Open-Meteo: the place's week,
/// `/` to look up another place, and an unknown name said plainly without leaving the view;
/// nothing stored.
@Suite(.sharingTheMachine) struct InteractiveForecastTests {
    @Test func slashLooksUpAnotherPlaceOrSaysThereIsNone() async throws {
        let script = ForecastEndToEndTests.Script()
        let server = try await ForecastEndToEndTests.serve(script)
        defer { Task { await server.stop() } }
        let sandbox = try ForecastEndToEndTests.sandbox(server)
        let environment = sandbox.environment(["TERM": "xterm-256color"])
        let session = try await TmuxSession(InteractiveCountryTests.command(["open", "forecast"]), environment: environment, width: 100, height: 30)
        #expect(await session.waitFor("Tallinn — 7-day forecast"), "\(session.lastSeen)")
        #expect(await session.waitFor("Date        Day"), "fetched at once, nothing stored yet\n\(session.lastSeen)")

        try await session.send("/", "Atlantis", "Enter")
        #expect(await session.waitFor("No forecast for 'Atlantis'"), "\(session.lastSeen)")
        #expect(session.lastSeen.contains("no place called 'Atlantis' was found"), "\(session.lastSeen)")
        #expect(session.lastSeen.contains("Tallinn — 7-day forecast"), "the view stays")

        try await session.send("/", "Berlin", "Enter")
        #expect(await session.waitFor("Berlin — 7-day forecast"), "\(session.lastSeen)")
        try await session.resize(width: 70, height: 20)
        #expect(
            await session.waitUntil { $0.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last?.hasPrefix("/ another place") == true },
            "\(session.lastSeen)")
        try await session.send("q")
        try await InteractiveCountryTests.expectSane(session, view: "7-day forecast")
        // A view writes nothing: a forecast it stored would be what the next poll compares with.
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeFile.path), "the view made a store")
    }
}
