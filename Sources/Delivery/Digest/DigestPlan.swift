import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// When the digest is due and what it says: pure, given the time it is and what the ledger holds.
package struct DigestPlan: Sendable, Equatable {
    package let at: QuietHours.ClockTime

    package static let rule = "digest"
    /// Rows named in the bubble; the rest are counted.
    package static let listed = 5

    package init(at: QuietHours.ClockTime) { self.at = at }

    /// The first `at` after the last digest, or, when none was sent, after `start` (when the
    /// daemon began to wait for one): a daemon started after today's time sends none until
    /// tomorrow's, and one that slept through it sends one as it wakes.
    package func due(last: Date?, start: Date, calendar: Calendar) -> Date {
        let after = last ?? start
        let time = DateComponents(hour: at.hour, minute: at.minute)
        return calendar.nextDate(after: after, matching: time, matchingPolicy: .nextTime) ?? after.addingTimeInterval(86400)
    }

    /// Since when the digest due at `due` looks: the last one, or a day before it.
    package static func since(last: Date?, due: Date) -> Date {
        last ?? due.addingTimeInterval(-86400)
    }

    /// The bubble for `sentAway` (newest first); `nil` when nothing went elsewhere.
    package func alert(_ sentAway: [Delivery], now: Date, calendar: Calendar) -> Alert? {
        guard !sentAway.isEmpty else { return nil }
        let noun = sentAway.count == 1 ? "notification" : "notifications"
        let lines = sentAway.prefix(Self.listed).map { row in
            let time = calendar.dateComponents([.hour, .minute], from: row.deliveredAt)
            let clock = String(format: "%02d:%02d", time.hour ?? 0, time.minute ?? 0)
            return "\(clock) \(TextSanitizer.singleLine(row.title)) (\(row.sink))"
        }
        let more = sentAway.count > Self.listed ? ["and \(sentAway.count - Self.listed) more"] : []
        let day = calendar.dateComponents([.year, .month, .day], from: now)
        return Alert(
            rule: Self.rule, key: String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0),
            title: "Digest: \(sentAway.count) \(noun) went to your channels", body: (lines + more).joined(separator: "\n"),
            category: "x-notifier.digest", deepLink: .history, reason: "[digest] at \(at)")
    }
}
