import Foundation
import Logging
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierDelivery
@testable import NotifierEngine

/// `[sync]`: its keys checked with their line, its token only by reference and never shown,
/// and the phone's Acknowledge button it adds to an ntfy channel's message.
struct SyncConfigTests {
    func problem(_ text: String) -> String {
        do {
            _ = try ConfigLoader.parse(text, file: "config.toml")
            return ""
        } catch { return error.description }
    }

    @Test func theKeysAreRead() throws {
        let config = try ConfigLoader.parse(
            """
            [sync]
            ntfy = "https://ntfy.example.org/notifier-me-7f3a"
            token = "${env:SYNC_TOKEN}"
            machine = "laptop"
            """, file: "config.toml")
        #expect(config.sync.enabled)
        #expect(config.sync.machineName == "laptop")
        #expect(config.sync.authorization(environment: ["SYNC_TOKEN": "tk_secret"]).map { $0.map(\.value) } == .success(["Bearer tk_secret"]))
        let shown = config.renderedTOML()
        #expect(
            shown.contains("[sync]\nntfy = \"https://ntfy.example.org/notifier-me-7f3a\"\ntoken = \"${env:SYNC_TOKEN}\"\nmachine = \"laptop\"\n"), "\(shown)")
        #expect(!Config().renderedTOML().contains("[sync]"), "unused: not shown")
        #expect(!Config().sync.machineName.isEmpty, "the host's name by default")
    }

    @Test func mistakesAreNamedWithTheirLine() {
        #expect(problem("[sync]\nntfy = \"ftp://x/y\"").hasPrefix("config.toml:2: sync.ntfy must be an ntfy topic's http:// or https:// URL"))
        #expect(problem("[sync]\nntfy = \"https://me:pw@ntfy.sh/t\"").hasPrefix("config.toml:2: sync.ntfy must be"))
        #expect(problem("[sync]\nntfy = \"https://ntfy.sh/t\"\ntoken = \"tk_literal\"").hasPrefix("config.toml:3: sync.token must be a reference"))
        #expect(!problem("[sync]\nntfy = \"https://ntfy.sh/t\"\ntoken = \"tk_literal\"").contains("tk_literal"))
        #expect(problem("[sync]\nmachine = \"laptop\"").contains("sync.ntfy is required with machine"))
        #expect(problem("[sync]\nntfy = \"https://ntfy.sh/t\"\nmachine = \"a\\nb\"").hasPrefix("config.toml:3: sync.machine must be a short name"))
        #expect(problem("[sync]\nntfy = \"https://ntfy.sh/t\"\nmachin = \"a\"").contains("machin"))
        let shared = "[[channels]]\nname = \"phone\"\nntfy = \"https://ntfy.sh/t\"\n[sync]\nntfy = \"https://ntfy.sh/t/\""
        #expect(problem(shared).hasPrefix("config.toml:5: sync.ntfy is the topic of [[channels]] \"phone\""), "\(problem(shared))")
    }

    @Test func anAcknowledgeableEpisodeOffersThePhonesButton() throws {
        var alert = Alert(rule: "watch", key: "tank", title: "Tank", body: "", category: "x", deepLink: .history)
        alert.subject = "tank:above"
        alert.episode = Date(timeIntervalSince1970: 1_795_000_000)
        alert.acknowledgeable = true
        let message = ChannelMessage(alert)
        #expect(message.ntfyActions(acknowledgeVia: nil) == nil)
        let json = try #require(message.ntfyActions(acknowledgeVia: "https://ntfy.example.org/sync"))
        let actions = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(actions.count == 1)
        #expect(actions.first?["action"] as? String == "http")
        #expect(actions.first?["url"] as? String == "https://ntfy.example.org/sync")
        let body = try #require(actions.first?["body"] as? String)
        #expect(SyncMessage.parse(body) == .success(.fromThePhone(acknowledging: message.sequenceID)))
        alert.acknowledgeable = nil
        #expect(ChannelMessage(alert).ntfyActions(acknowledgeVia: "https://ntfy.example.org/sync") == nil, "nothing to acknowledge")
        let config = try ConfigLoader.parse("[[channels]]\nname = \"phone\"\nntfy = \"https://ntfy.sh/p\"\n[sync]\nntfy = \"https://ntfy.sh/s\"", file: "c")
        let sandbox = try Sandbox()
        let link = SyncLink.make(config.sync, store: try Store(path: sandbox.storeFile.path), logger: Logger(label: "test"))
        #expect(config.channels(acknowledgingVia: link).first?.acknowledgeVia == "https://ntfy.sh/s")
        #expect(config.channels(acknowledgingVia: nil).first?.acknowledgeVia == nil)
    }
}
