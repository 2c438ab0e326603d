import Foundation
import NotifierCore
import NotifierEngine
import NotifierSubscriptions
import Testing

/// One line of ntfy's JSON stream, as `docs/subscribe/api.md` of github.com/binwiederhier/ntfy
/// (snapshot 81a486a) shows them.
@Suite struct SubscriptionParserTests {
    func parse(_ text: String) -> Result<NtfyEvent, NtfyLine.Problem> { NtfyEvent.read(Data(text.utf8)) }

    @Test func theDocumentedNotificationMessage() throws {
        let line = #"""
            {"id":"sPs71M8A2T","time":1643935928,"expires":1643936928,"event":"message","topic":"mytopic","priority":5,"tags":["warning","skull"],"click":"https://homecam.mynet.lan/incident/1234","attachment":{"name":"camera.jpg","type":"image/png","size":33848,"expires":1643946728,"url":"https://ntfy.sh/file/sPs71M8A2T.png"},"title":"Unauthorized access detected","message":"Movement detected in the yard. You better go check"}
            """#
        guard case .success(.message(let message)) = parse(line) else {
            Issue.record("not a message")
            return
        }
        #expect(message.id == "sPs71M8A2T")
        #expect(message.time == Date(timeIntervalSince1970: 1_643_935_928))
        #expect(message.title == "Unauthorized access detected")
        #expect(message.message == "Movement detected in the yard. You better go check")
        #expect(message.tags == ["warning", "skull"])
        #expect(message.click == "https://homecam.mynet.lan/incident/1234")
        #expect(message.urgency == .critical)
    }

    @Test func theMinimalMessageHasTheDefaultPriority() {
        guard
            case .success(.message(let message)) = parse(
                #"{"id":"wze9zgqK41","time":1638542110,"event":"message","topic":"phil_alerts","message":"Remote access"}"#)
        else {
            Issue.record("not a message")
            return
        }
        #expect(message.priority == 3 && message.urgency == .normal && message.title == nil && message.click == nil)
    }

    @Test func openKeepaliveAndPollRequestAreNoMessages() {
        for event in ["open", "keepalive", "poll_request"] {
            #expect(parse(#"{"id":"2pgIAaGrQ8","time":1638542215,"event":"\#(event)","topic":"phil_alerts"}"#) == .success(.other(event: event)))
        }
    }

    @Test func priorityToUrgency() {
        let urgencies = (1...5).map { NtfyMessage(id: "a", time: .distantPast, topic: "t", message: "m", priority: $0).urgency }
        #expect(urgencies == [.low, .low, .normal, .normal, .critical])
    }

    @Test func actionsAreKeptAndOnlyWebURLsOpen() {
        let line = #"""
            {"id":"abc","time":1,"event":"message","topic":"t","message":"m","actions":[{"action":"view","label":"Admin panel","url":"https://filesrv.lan/admin"},{"action":"http","label":"Open door","url":"https://api.nest.com/open/yAxkasd"},{"action":"view","label":"Bad","url":"file:///etc/passwd"},{"action":"broadcast","label":"4th"}]}
            """#
        guard case .success(.message(let message)) = parse(line) else {
            Issue.record("not a message")
            return
        }
        #expect(message.actions.count == 3)
        #expect(message.actions[0].openableURL == "https://filesrv.lan/admin")
        #expect(message.actions[1].openableURL == nil, "an http action is a request ntfy's apps send, not a page")
        #expect(message.actions[2].url == nil, "a file:// URL is not kept")
    }

    @Test func hostileTextIsCleaned() {
        let line =
            #"{"id":"abc","time":1,"event":"message","topic":"t","title":"a\u001b[31mb\u202Ec\nd","message":"x\u0007y\nz","click":"javascript:alert(1)"}"#
        guard case .success(.message(let message)) = parse(line) else {
            Issue.record("not a message")
            return
        }
        #expect(message.title == "a[31mbc d")
        #expect(message.message == "xy\nz")
        #expect(message.click == nil)
    }

    @Test func brokenLinesAreRefused() {
        for bad in ["not json", "[1,2]", #"{"id":"a"}"#, #"{"event":"message","message":"no id"}"#, #"{"event":"message","id":"has space"}"#] {
            guard case .failure = parse(bad) else {
                Issue.record("accepted \(bad)")
                continue
            }
        }
        #expect(throws: Never.self) { _ = NtfyEvent.read(Data(repeating: 0x20, count: NtfyLine.maxBytes + 1)) }
        #expect(parse(#"{"id":"a"}"#) == .failure(.init(description: "a line without \"event\"")))
        #expect(parse(#"{"event":"message","id":"has space"}"#) == .failure(.init(description: "a message without a usable \"id\"")))
        #expect(parse("[1,2]") == .failure(.init(description: "a line that is not a JSON object")))
    }

    @Test func theSubjectIsTheMessageAndTheBubbleItsSequence() {
        var message = NtfyMessage(id: "m1", time: .distantPast, topic: "t", message: "m")
        #expect(SubscriptionRule.subject(subscription: "home", message: message) == "home@m1")
        message.sequenceID = "backup-42"
        #expect(SubscriptionRule.bubbleSubject(subscription: "home", message: message) == "home@backup-42")
        let alert = SubscriptionRule.alert(for: message, subscription: "home")
        #expect(alert.deepLink.arguments == ["open", "subscription", "home.m1"])
        #expect(alert.key == "home" && alert.title == "t")
    }

    @Test func theRulesExamplesHold() {
        for example in SubscriptionRule.examples { #expect(example.failure() == nil) }
    }
}
