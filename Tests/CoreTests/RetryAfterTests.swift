import Foundation
import NotifierCore
import NotifierSystem
import Testing

/// `Retry-After` in both of RFC 9110's forms; how long is too long is `Backoff`'s to say.
@Suite struct RetryAfterTests {
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    let now = Date(timeIntervalSince1970: 1_445_412_480) // Wed, 21 Oct 2015 07:28:00 GMT

    @Test func delaySeconds() {
        #expect(RetryAfter.seconds("120", responseDate: nil, now: now) == 120)
        #expect(RetryAfter.seconds(" 0 ", responseDate: nil, now: now) == 0)
        #expect(RetryAfter.seconds("99999999999999999999999", responseDate: nil, now: now) == Int.max, "huge is long, not none")
        for bad in ["-5", "1.5", "", "soon", "0x10"] { #expect(RetryAfter.seconds(bad, responseDate: nil, now: now) == nil, "\(bad)") }
    }

    @Test func httpDatesInAllThreeForms() {
        #expect(RetryAfter.seconds("Wed, 21 Oct 2015 07:30:00 GMT", responseDate: nil, now: now) == 120)
        #expect(RetryAfter.seconds("Wednesday, 21-Oct-15 07:30:00 GMT", responseDate: nil, now: now) == 120)
        #expect(RetryAfter.seconds("Wed Oct 21 07:30:00 2015", responseDate: nil, now: now) == 120)
        #expect(RetryAfter.seconds("Wed, 21 Oct 2015 07:00:00 GMT", responseDate: nil, now: now) == 0, "a past date: at once")
    }

    /// Measured from the server's own clock where it sent a `Date`: ours may be off.
    @Test func aDateIsMeasuredFromTheResponseDate() {
        let skewed = now.addingTimeInterval(-3600)
        #expect(RetryAfter.seconds("Wed, 21 Oct 2015 07:30:00 GMT", responseDate: "Wed, 21 Oct 2015 07:29:00 GMT", now: skewed) == 60)
    }
}

/// A feed's stored last error, cut to its cause for a live screen's one line.
@Suite struct StoredFeedErrorTests {
    @Test func theCauseIsWhatFollowsTheRequest() {
        let context = RequestContext(feed: "crypto", method: "GET", url: "https://api.coinlore.net/api/ticker/?id=90,80")
        let errors: [FeedError] = [
            .httpStatus(context, status: 500, retryAfter: 30), .cannotResolve(context, host: "api.coinlore.net"),
            .decoding(context, detail: "no tickers in the answer"), .timedOut(context, seconds: 15),
        ]
        for error in errors { #expect(FeedError.cause(inStored: error.description) == error.cause) }
        #expect(FeedError.cause(inStored: "the store is locked") == "the store is locked", "other text as it is")
    }
}
