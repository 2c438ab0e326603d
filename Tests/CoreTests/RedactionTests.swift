import Foundation
import NotifierSystem
import Testing

@testable import NotifierCore

/// One redaction for every text that leaves: a secret resolved once is hidden wherever it comes
/// back, as the request sent it or as a server quoted it; credentials after `Authorization` are
/// hidden even when nothing resolved them here.
@Suite struct RedactionTests {
    @Test func aResolvedSecretIsHiddenInEveryFormItComesBackIn() throws {
        let secret = "tk_redaction/test+\(UUID().uuidString)"
        let resolved = try SecretReference.resolve("${env:TOKEN}", environment: ["TOKEN": secret], home: nil).get()
        #expect(resolved == secret)
        let echoed = #"{"error":"unauthorized","headers":{"Authorization":"Bearer \#(secret)"},"seen":"\#(secret.replacingOccurrences(of: "/", with: "\\/"))"}"#
        let scrubbed = Redaction.scrub(echoed + " " + secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(!scrubbed.contains("redaction"), "\(scrubbed)")
        #expect(scrubbed.contains("\"Authorization\":\"Bearer ***\""), "\(scrubbed)")
    }

    @Test func credentialsAfterAuthorizationAreHiddenThoughNothingResolvedThem() {
        #expect(Redaction.scrub("401: Authorization: Bearer abcdefgh12345 refused") == "401: Authorization: Bearer *** refused")
        #expect(Redaction.scrub("authorization=Basic dXNlcjpwYXNz;") == "authorization=Basic ***;")
        #expect(Redaction.scrub("token was bearer zyxwvuts9876") == "token was bearer ***")
        #expect(Redaction.scrub("Basic income, bearer bonds and authorization failed") == "Basic income, bearer bonds and authorization failed")
        #expect(Redaction.scrub("BTC rose above $100,000") == "BTC rose above $100,000")
    }

    @Test func aShortValueIsNotRememberedForItWouldBlankWords() {
        Redaction.remember(secret: "the")
        #expect(Redaction.scrub("the phone") == "the phone")
    }
}
