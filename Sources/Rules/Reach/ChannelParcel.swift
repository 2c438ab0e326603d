import Foundation

/// An alert a channel did not take yet, kept in the store and tried again later: a rule's own
/// channel ("always send there too") has no stand-in, so its failure is retried, not dropped.
public struct ChannelParcel: Sendable, Equatable, Codable {
    public var channel: String
    public var alert: Alert
    /// Tries so far, the first included.
    public var attempts: Int
    public var firstTried: Date
    public var nextTry: Date
    public var lastError: String

    /// Waits after the 1st, 2nd, … failure; the last repeats. Short first: most failures are a
    /// server restarting or a network coming back.
    public static let backoff: [Duration] = [.seconds(30), .seconds(60), .seconds(120), .seconds(300), .seconds(900), .seconds(1800)]
    /// After this long a parcel is given up: a day-old notification is news no more.
    public static let giveUpAfter: Duration = .seconds(24 * 3600)

    /// A parcel for an alert `channel` refused at `now`.
    public init(channel: String, alert: Alert, failedAt now: Date, error: String) {
        self.channel = channel
        self.alert = alert
        attempts = 1
        firstTried = now
        lastError = error
        nextTry = now.addingTimeInterval(Self.backoff[0].nonNegativeSeconds)
    }

    /// What to do after another failure at `now`: try again later, or give up (`nil`).
    public func failedAgain(at now: Date, error: String) -> ChannelParcel? {
        guard now.timeIntervalSince(firstTried) < Self.giveUpAfter.nonNegativeSeconds else { return nil }
        var next = self
        next.attempts += 1
        next.lastError = error
        let wait = Self.backoff[min(attempts, Self.backoff.count - 1)]
        next.nextTry = now.addingTimeInterval(wait.nonNegativeSeconds)
        return next
    }

    public func isDue(_ now: Date) -> Bool { nextTry <= now }
}
