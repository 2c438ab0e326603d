import Foundation
import Testing

@testable import NotifierEngine

/// The `[sync]` topic's messages read and written, and who sends an episode to the phone.
struct SyncProtocolTests {
    @Test func aMessageReadsBackAsWritten() {
        let claim = SyncMessage(kind: .claim, id: "reminder-pills-t4x2k0", by: "laptop", from: "3f9c0a")
        #expect(claim.text == #"{"by":"laptop","from":"3f9c0a","id":"reminder-pills-t4x2k0","kind":"claim","notifier":1}"#)
        #expect(SyncMessage.parse(claim.text) == .success(claim))
        let phone = SyncMessage.fromThePhone(acknowledging: "watch-tank-above-t4x2k0")
        #expect(phone.text == #"{"by":"the phone","id":"watch-tank-above-t4x2k0","kind":"ack","notifier":1}"#)
        #expect(SyncMessage.parse(phone.text) == .success(phone))
    }

    @Test func whatIsNotOursIsRefusedWithoutQuotingIt() {
        func problem(_ text: String) -> String? {
            if case .failure(let problem) = SyncMessage.parse(text) { return problem.description }
            return nil
        }
        #expect(problem("Backup finished") == "a message that is not a JSON object")
        #expect(problem(#"{"kind":"ack","id":"a"}"#) == "a message without \"notifier\": 1")
        #expect(problem(#"{"notifier":2,"kind":"ack","id":"a"}"#) == "a message without \"notifier\": 1")
        #expect(problem(#"{"notifier":1,"kind":"rm -rf","id":"a"}"#) == "a message whose \"kind\" is neither \"ack\" nor \"claim\"")
        #expect(problem(#"{"notifier":1,"kind":"ack","id":"a b"}"#)?.hasPrefix("a message without a usable \"id\"") == true)
        #expect(problem(#"{"notifier":1,"kind":"ack","id":"\#(String(repeating: "a", count: 65))"}"#)?.hasPrefix("a message without a usable") == true)
        #expect(problem(#"{"notifier":1,"kind":"claim","id":"a"}"#) == "a claim without \"from\"")
        #expect(problem(#"{"notifier":1,"kind":"ack","id":"a","from":"../x"}"#) == "a message whose \"from\" is not an id")
        #expect(problem(String(repeating: " ", count: 2000)) == "a message of 2000 bytes, over 1024")
    }

    @Test func whoIsCleanedAndBounded() throws {
        let text = #"{"notifier":1,"kind":"ack","id":"a","by":"\u001b[31mdesk\u202e top\n\#(String(repeating: "x", count: 100))"}"#
        let message = try SyncMessage.parse(text).get()
        #expect(!message.by.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
        #expect(message.by.hasPrefix("[31mdesk top x"))
        #expect(message.by.count == SyncMessage.maxName)
        #expect(try SyncMessage.parse(#"{"notifier":1,"kind":"ack","id":"a"}"#).get().by == "the phone")
        #expect(try SyncMessage.parse(#"{"notifier":1,"kind":"ack","id":"a","from":"f"}"#).get().by == "another machine")
    }

    @Test func anIdNamesTheEpisodesOfItsSubjectThatBeganNearIt() {
        let start = Int64(1_795_000_000)
        func id(_ base: String, _ seconds: Int64) -> SyncID { SyncID("\(base)-" + String(seconds, radix: 36)) }
        #expect(id("reminder-pills", start).base == "reminder-pills")
        #expect(id("reminder-pills", start).start == start)
        #expect(id("reminder-pills", start).matches(id("reminder-pills", start + 1)), "a second apart: the same episode")
        #expect(id("reminder-pills", start).matches(id("reminder-pills", start - SyncID.window)))
        #expect(!id("reminder-pills", start).matches(id("reminder-pills", start + SyncID.window + 1)), "the next one")
        #expect(!id("reminder-pills", start).matches(id("reminder-vitamins", start)))
        #expect(SyncID("crypto_cross-BTC-up").start == nil, "a subject's last word is not a start")
        #expect(SyncID("crypto_cross-BTC-up").matches(SyncID("crypto_cross-BTC-up")))
        #expect(!SyncID("crypto_cross-BTC-up").matches(SyncID("crypto_cross-BTC-down")))
    }

    @Test func theFirstClaimInTheTopicsOrderWins() {
        let start = Int64(1_795_000_000)
        let mine = "watch-tank-above-" + String(start, radix: 36)
        let theirs = "watch-tank-above-" + String(start + 3, radix: 36)
        let other = "watch-other-above-" + String(start, radix: 36)
        let claims = [
            SyncClaim(id: other, from: "b", by: "desk"), SyncClaim(id: theirs, from: "b", by: "desk"), SyncClaim(id: mine, from: "a", by: "laptop"),
        ]
        #expect(ClaimVerdict.of(mine, claims: claims, me: "b") == .mine)
        #expect(ClaimVerdict.of(mine, claims: claims, me: "a") == .theirs(by: "desk"))
        #expect(!ClaimVerdict.of(mine, claims: claims, me: "a").sends)
        #expect(ClaimVerdict.of(mine, claims: [], me: "a") == .unclaimed)
        #expect(ClaimVerdict.unclaimed.sends, "nobody's claim seen: send rather than miss")
        #expect(ClaimVerdict.of(mine, claims: [claims[0]], me: "a") == .unclaimed)
    }

    @Test func theTopicsLinesGiveMessagesAndNothingElse() {
        let message = Data(#"{"id":"m1","time":1,"event":"message","topic":"t","message":"{\"notifier\":1}"}"#.utf8)
        let read = NtfyLine.Message(id: "m1", time: Date(timeIntervalSince1970: 1), topic: "t", message: #"{"notifier":1}"#)
        #expect(NtfyLine.parse(message) == .success(.message(read)))
        #expect(NtfyLine.parse(Data(#"{"id":"k","event":"keepalive"}"#.utf8)) == .success(.other(event: "keepalive")))
        #expect(NtfyLine.parse(Data(#"{"id":"k","event":7}"#.utf8)) == .success(.other(event: nil)), "no event: nothing for sync to read")
        #expect(NtfyLine.parse(Data(#"{"event":"message","id":"a b"}"#.utf8)) == .failure(.init(description: "a message without a usable \"id\"")))
        #expect(NtfyLine.parse(Data("[1]".utf8)) == .failure(.init(description: "a line that is not a JSON object")))
        let long = Data(repeating: 0x20, count: NtfyLine.maxBytes + 1)
        #expect(NtfyLine.parse(long) == .failure(.init(description: "a line of 65537 bytes, over 65536")))
    }

    @Test func anIdHasNtfysShape() {
        #expect(NtfyLine.isMessageID("sPs71M8A2T") && NtfyLine.isMessageID("reminder-pills_t4x2k0"))
        #expect(NtfyLine.isMessageID(String(repeating: "a", count: 64)))
        for bad in ["", String(repeating: "a", count: 65), "a b", "a.b", "a/b", "é"] { #expect(!NtfyLine.isMessageID(bad), "\(bad)") }
    }
}
