import Foundation

/// Reads `Retry-After` (RFC 9110 10.2.3): delay-seconds (`120`) or an HTTP-date
/// (`Wed, 21 Oct 2015 07:28:00 GMT`). A date is measured from the response's own `Date`
/// header where it sent one, so that a skewed clock on either side does not stretch the wait;
/// else from `now`. How long is too long is the backoff's business (`Backoff.maximum`).
public enum RetryAfter {
    /// Whole seconds, never negative; `nil` for a value in neither form.
    public static func seconds(_ value: String, responseDate: String?, now: Date) -> Int? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            // Digits beyond Int's range are still "very long", not "none".
            return Int(text) ?? Int.max
        }
        guard let date = httpDate(text) else { return nil }
        let reference = responseDate.flatMap(httpDate) ?? now
        let seconds = date.timeIntervalSince(reference).rounded(.up)
        return seconds <= 0 ? 0 : Int(min(seconds, Double(Int32.max)))
    }

    /// IMF-fixdate, and the two obsolete forms a recipient must accept (RFC 850, asctime).
    static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text.replacingOccurrences(of: "  ", with: " ")) { return date }
        }
        return nil
    }
}
