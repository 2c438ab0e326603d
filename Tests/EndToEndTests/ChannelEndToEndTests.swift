import EndToEndSupport
import FlyingFox
import Foundation
import TestSupport
import Testing

/// The channels besides ntfy, each to a real receiver on loopback: e-mail to python3-aiosmtpd,
/// Apprise (Debian's `apprise` program) to its `json://` service, a command as an argv.
@Suite(.serialized, .sharingTheMachine) struct ChannelEndToEndTests {
    @Test func lockedTheCrossingArrivesByMailWithItsSubjectBodyAndLink() async throws {
        let smtp = try await SMTPServer.start()
        let desk = try await ReachEndToEndTests.Desk.start(
            whenAway: #"["mail"]"#,
            extra: """
                [[channels]]
                name = "mail"
                email = "\(smtp.url)"
                to = "me@example.org"
                from = "notifier@example.org"
                """)
        _ = try await desk.pass(btc: "99000")
        try await desk.logind.setLocked(true, session: ReachEndToEndTests.session)
        let locked = try await desk.pass(btc: "100500")
        #expect(await eventually { smtp.mails.count == 1 }, "\(locked.stderr)")
        let mail = try #require(smtp.mails.first)
        #expect(mail.contains("Subject: BTC rose above $100,000"), "\(mail)")
        #expect(mail.contains("To: <me@example.org>"), "\(mail)")
        #expect(mail.contains("Open: notifier open crypto BTC"), "the way back to its view: \(mail)")
        #expect(!(try await desk.desktop.notifyCalls()).contains("BTC rose"), "no bubble while locked")
        #expect(await desk.ntfy.messages.isEmpty, "only the channels of when_away")
        await desk.stop()
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/apprise"), "needs Debian's apprise"))
    func appriseSendsThroughItsJSONService() async throws {
        let received = Received()
        let endpoint = try await LoopbackServer.start([
            (
                "POST /apprise",
                { request in
                    await received.add(try await request.bodyData)
                    return LoopbackServer.json(Data("{}".utf8))
                }
            )
        ])
        let port = endpoint.baseURL.split(separator: ":").last ?? ""
        let desk = try await ReachEndToEndTests.Desk.start(
            extra: """
                [[channels]]
                name = "chat"
                apprise = "json://127.0.0.1:\(port)/apprise"
                """)
        let result = try await ProcessRunner.notifier(["channel", "test", "chat"], environment: desk.environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let bodies = await received.bodies
        #expect(bodies.count == 1, "\(result.stdout)")
        let body = try #require(bodies.first)
        let payload = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(payload["title"] as? String == "notifier: a test of channel chat", "\(payload)")
        #expect((payload["message"] as? String)?.contains("notifier channel test chat") == true, "\(payload)")
        let check = try await ProcessRunner.notifier(["config", "check"], environment: desk.environment)
        #expect(check.stdout.contains("apprise = \"json://***\""), "the URL's secrets stay hidden: \(check.stdout)")
        await endpoint.stop()
        await desk.stop()
    }

    @Test func aCommandChannelGetsTheTextAsArgumentsNeverThroughAShell() async throws {
        let sandbox = try Sandbox()
        let out = sandbox.root.appendingPathComponent("sent.txt").path
        let script = sandbox.root.appendingPathComponent("sender.sh").path
        try "#!/bin/sh\nprintf '%s|%s|%s\\n' \"$1\" \"$2\" \"$3\" >> '\(out)'\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let config = """
            [[channels]]
            name = "script"
            command = ["\(script)", "{title}", "{link}", "$(touch \(out).pwned)"]
            """
        try config.write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.notifier(["channel", "test", "script"], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect((try? String(contentsOfFile: out, encoding: .utf8)) == "notifier: a test of channel script|notifier status|$(touch \(out).pwned)\n")
        #expect(!FileManager.default.fileExists(atPath: out + ".pwned"))
    }
}

private actor Received {
    var bodies: [Data] = []
    func add(_ body: Data) { bodies.append(body) }
}

/// What an alert says reaches a channel as it is: a command's fields are filled once (the alert's
/// own `{urgency}` stays text), and a mail line that begins with a dot arrives with one dot.
@Suite(.serialized, .sharingTheMachine) struct ChannelTextTests {
    @Test func theAlertsOwnBracesAndDotsArriveAsWritten() async throws {
        let sandbox = try Sandbox()
        let smtp = try await SMTPServer.start()
        let reading = sandbox.root.appendingPathComponent("reading.json").path
        try #"{"note": "calm"}"#.write(toFile: reading, atomically: true, encoding: .utf8)
        let out = sandbox.root.appendingPathComponent("argv.txt").path
        let script = sandbox.root.appendingPathComponent("sender.sh").path
        try "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]' \"$a\" >> '\(out)'; done; echo >> '\(out)'\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let config = """
            [[watches]]
            name = "note"
            command = ["cat", "\(reading)"]
            select = ".note"
            matches = "urgency"
            channels = ["script", "mail"]

            [feeds.crypto]
            enabled = false
            [feeds.forecast]
            enabled = false
            [rules.launch_country]
            enabled = false

            [[channels]]
            name = "script"
            command = ["\(script)", "{title}", "{urgency}", "{body}"]

            [[channels]]
            name = "mail"
            email = "\(smtp.url)"
            to = "me@example.org"
            from = "notifier@example.org"
            """
        try config.write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        // The first reading is the watch's baseline; the second matches.
        _ = try await ProcessRunner.notifier(["--once", "--output", "terminal"], environment: sandbox.environment())
        try #"{"note": "{urgency} {link} {title} in .dots"}"#.write(toFile: reading, atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.notifier(["--once", "--output", "terminal"], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let argv = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        #expect(argv.contains("{urgency} {link} {title} in .dots"), "the alert's braces stay text: \(argv)\n\(result.stderr)")
        #expect(argv.contains("][normal][.note "), "the command's own fields are filled: \(argv)")
        #expect(await eventually { smtp.mails.count == 1 }, "\(result.stderr)")
        let mail = smtp.mails.first ?? ""
        #expect(mail.contains("\n.note "), "\(mail)")
        #expect(!mail.contains("..note"), "one dot, as written: \(mail)")
    }
}
