import Foundation
import Synchronization

/// The one redaction every text passes before it leaves the program or is stored: a log line,
/// an error, a bubble, JSON, a row. A server (or a proxy) may echo a request's `Authorization`
/// in its error text, so knowing where a secret goes is not enough: every secret this process
/// resolved is remembered, and any text that holds one, in any form a request carried it, shows
/// `***` in its place, whatever produced the text.
extension Redaction {
    /// What a secret is replaced with.
    public static let hidden = "***"
    /// Shorter values are not remembered: "abc" would blank ordinary words, and hides nothing.
    static let shortestRemembered = 4
    /// The values to hide, longest first, so that a secret inside a longer one goes with it.
    private static let known = Mutex<[String]>([])

    /// Remembers a resolved secret (and the forms a request or an answer may carry it in).
    public static func remember(secret: String) {
        guard secret.count >= shortestRemembered else { return }
        var forms: Set<String> = [secret]
        if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) { forms.insert(encoded) }
        if let data = try? JSONSerialization.data(withJSONObject: [secret]), let array = String(data: data, encoding: .utf8) {
            forms.insert(String(array.dropFirst(2).dropLast(2)))
        }
        known.withLock { list in
            let fresh = forms.filter { !list.contains($0) }
            guard !fresh.isEmpty else { return }
            list = (list + fresh).sorted { $0.count > $1.count }
        }
    }

    /// `text` with every remembered secret and every credential after an `Authorization:` or a
    /// `Bearer` hidden. Text without any stays as it is, at the cost of a few scans.
    public static func scrub(_ text: String) -> String {
        var result = text
        for secret in known.withLock({ $0 }) where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: hidden)
        }
        return hidingCredentials(in: result)
    }

    /// The credential after `Authorization:`, `Bearer ` or `Basic `, however a server quoted it.
    static func hidingCredentials(in text: String) -> String {
        guard text.range(of: "authorization", options: .caseInsensitive) != nil || text.range(of: "bearer", options: .caseInsensitive) != nil
        else { return text }
        var result = text
        for pattern in credentialPatterns {
            let range = NSRange(result.startIndex..., in: result)
            result = pattern.stringByReplacingMatches(in: result, range: range, withTemplate: "$1\(hidden)")
        }
        return result
    }

    /// `Authorization: <scheme> <value>` (a scheme word kept), and a `Bearer` token alone; "Basic"
    /// alone is an ordinary word, and the Basic credentials sent are remembered as secrets.
    private static let credentialPatterns: [NSRegularExpression] = [
        #"((?i:authorization)["']?\s*[:=]\s*["']?(?>(?:(?i:bearer|basic|token)\s+)?))(?!\*\*\*)[^\s"',;}\]]+"#,
        #"(\b(?i:bearer)\s+)(?!\*\*\*)[A-Za-z0-9._~+/=-]{8,}"#,
    ].map { try! NSRegularExpression(pattern: $0) }
}
