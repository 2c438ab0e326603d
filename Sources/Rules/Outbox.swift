import Foundation

/// Plans what reaches the screen, and when: it groups one poll's alerts per rule, holds
/// everything during quiet hours, keeps to a global rate limit, and turns held backlogs into one
/// summary each. Nothing submitted is dropped, unless it waited past the moment its words
/// stopped being true (`Alert.validUntil`), and then it is noted.
///
/// Only the queue and the recent deliveries are persisted (`Codable`), so held alerts survive a
/// restart; `quietHours` and `rateLimit` come from the config and are set after decoding.
public struct Outbox: Codable, Sendable, Equatable {
    /// At most `limit` notifications in any sliding `window`.
    public struct RateLimit: Codable, Sendable, Equatable {
        /// Values below 1 count as 1, so the outbox can always drain.
        public var limit: Int
        public var window: Duration

        public init(limit: Int = 10, window: Duration = .seconds(60)) {
            self.limit = limit
            self.window = window
        }

        var effectiveLimit: Int { max(1, limit) }

        private enum CodingKeys: String, CodingKey {
            case limit, windowSeconds
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                limit: try container.decode(Int.self, forKey: .limit),
                window: .clampedSeconds(try container.decode(Double.self, forKey: .windowSeconds))
            )
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(limit, forKey: .limit)
            try container.encode(window.secondsValue, forKey: .windowSeconds)
        }
    }

    /// Why an entry is still waiting.
    public enum HoldReason: String, Codable, Sendable, CaseIterable {
        case quietHours, rateLimit, doNotDisturb
    }

    /// One notification waiting to be delivered (a single alert or one poll's group).
    public struct Entry: Codable, Sendable, Equatable {
        public var alert: Alert
        public var submitted: Date
        /// `nil` until the outbox has had to hold it back.
        public var heldFor: HoldReason?

        public init(alert: Alert, submitted: Date, heldFor: HoldReason? = nil) {
            self.alert = alert
            self.submitted = submitted
            self.heldFor = heldFor
        }
    }

    /// The `rule` of summaries, which belong to no rule.
    public static let summaryRule = "summary"
    public static let summaryCategory = "x-notifier.summary"
    /// Bodies list at most this many titles, then how many more there are.
    static let bodyLineLimit = 20
    /// Titles list at most this many parts, so a bubble stays readable.
    static let titlePartLimit = 5

    // Defaults here because decoding leaves them out.
    public var quietHours: QuietHours? = nil
    public var rateLimit = RateLimit()
    /// Alerts of one rule arriving within this long of the first are delivered as one group
    /// (zero: only those of one poll). Set from the config, like the two above.
    public var groupWindow: Duration = .zero
    /// The desktop's do-not-disturb, as read when the outbox plans: held like quiet hours (what
    /// is critical passes), and shown as one summary once it is off.
    public var doNotDisturb = false
    /// What waits to be delivered, oldest first.
    public internal(set) var entries: [Entry]
    /// When recent notifications went out, for the sliding window.
    public private(set) var recentDeliveries: [Date]

    public init(quietHours: QuietHours? = nil, rateLimit: RateLimit = RateLimit()) {
        self.quietHours = quietHours
        self.rateLimit = rateLimit
        entries = []
        recentDeliveries = []
    }

    /// The persisted part, as the store reads it back row by row.
    public init(entries: [Entry], recentDeliveries: [Date]) {
        self.entries = entries
        self.recentDeliveries = recentDeliveries
    }

    /// How many notifications wait (a group counts as one).
    public var pendingCount: Int { entries.count }

    /// Queues one poll's alerts. Two or more of the same rule become one grouped alert, unless
    /// they stand alone (reminders), which stay one entry each; of two alerts for the same
    /// subject (`identity`: `BTC:up` and `BTC:down` are two), the later one wins.
    public mutating func submit(_ alerts: [Alert], now: Date) {
        var order: [String] = []
        var byRule: [String: [Alert]] = [:]
        for alert in alerts {
            // A standing-alone alert is a "rule" of its own here: grouped with nothing else.
            let bucket = alert.standsAlone == true ? "\(alert.rule)\u{0}\(alert.identity)" : alert.rule
            if byRule[bucket] == nil { order.append(bucket) }
            var group = byRule[bucket, default: []]
            group.removeAll { $0.identity == alert.identity }
            group.append(alert)
            byRule[bucket] = group
        }
        for bucket in order {
            guard var group = byRule[bucket], let first = group.first else { continue }
            if first.standsAlone == true {
                entries.append(Entry(alert: first, submitted: now))
                continue
            }
            let rule = first.rule
            // Still gathering an earlier group of this rule: join it, the later alert per subject winning.
            if let gathering = entries.lastIndex(where: { $0.alert.rule == rule && $0.heldFor == nil && isGathering($0, now: now) }) {
                let earlier = entries[gathering].alert.individualAlerts.filter { old in !group.contains { $0.identity == old.identity } }
                group = earlier + group
                entries[gathering].alert = group.count == 1 ? group[0] : Self.grouped(group, at: now)
                continue
            }
            let alert = group.count == 1 ? first : Self.grouped(group, at: now)
            entries.append(Entry(alert: alert, submitted: now))
        }
    }

    /// Whether an entry still waits for more alerts of its rule to join it.
    private func isGathering(_ entry: Entry, now: Date) -> Bool {
        entry.alert.standsAlone != true && groupWindow > .zero && now < entry.submitted.addingTimeInterval(groupWindow.nonNegativeSeconds)
    }

    /// What `due` would hand out now, and the outbox as it will be once they are delivered:
    /// a delivery records `alerts`, then `confirm`s the plan; one that cannot be recorded
    /// leaves the outbox as it was, with nothing to roll back.
    public struct DeliveryPlan: Sendable {
        public let alerts: [Alert]
        public let after: Outbox
        /// Taken out unshown: their words stopped being true while they waited.
        public var expired: [Alert] = []
    }

    public func plan(now: Date, calendar: Calendar) -> DeliveryPlan {
        var after = self
        let expired = after.removeExpired(now: now)
        let alerts = after.due(now: now, calendar: calendar)
        return DeliveryPlan(alerts: alerts, after: after, expired: expired)
    }

    /// The plan's alerts were delivered (or recorded as such): the outbox moves on.
    public mutating func confirm(_ plan: DeliveryPlan) {
        self = plan.after
    }

    /// What to show now; the outbox counts everything returned as delivered.
    ///
    /// During quiet hours nothing. Afterwards what was held then comes out as one summary.
    /// Beyond the rate limit, entries wait and come out later as one summary. A backlog of a
    /// single entry comes out as itself. The most urgent go first, then the oldest.
    public mutating func due(now: Date, calendar: Calendar) -> [Alert] {
        forgetOldDeliveries(now: now)
        guard !entries.isEmpty else { return [] }

        var quietNow = false
        if let quietHours {
            quietNow = quietHours.contains(now, calendar: calendar)
            // Submitted during quiet hours without a `due` call in between: held all the same.
            for index in entries.indices
            where entries[index].alert.passesQuietHours != true
                && (quietNow || quietHours.contains(entries[index].submitted, calendar: calendar))
            {
                entries[index].heldFor = .quietHours
            }
            if quietNow, !entries.contains(where: { $0.heldFor != .quietHours }) { return [] }
        }
        if doNotDisturb {
            // What the rate limit held waits too: its summary would be a bubble like any other.
            for index in entries.indices where entries[index].heldFor != .quietHours && !entries[index].alert.passesDoNotDisturb {
                entries[index].heldFor = .doNotDisturb
            }
        }
        let holding: Set<HoldReason> = Set((quietNow ? [.quietHours] : []) + (doNotDisturb ? [.doNotDisturb] : []))

        var candidates: [Candidate] = []
        for reason in HoldReason.allCases where !holding.contains(reason) {
            let held = entries.indices.filter { entries[$0].heldFor == reason }
            if !held.isEmpty { candidates.append(Candidate(indices: held, alert: summary(of: held, reason: reason, now: now))) }
        }
        let gathering = Set(entries.indices.filter { entries[$0].heldFor == nil && isGathering(entries[$0], now: now) })
        for index in entries.indices where entries[index].heldFor == nil && !gathering.contains(index) {
            candidates.append(Candidate(indices: [index], alert: entries[index].alert))
        }
        candidates = candidates.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element.alert.urgency.rank, rhs.element.alert.urgency.rank)
            return left != right ? left > right : lhs.offset < rhs.offset
        }.map(\.element)

        let capacity = max(0, rateLimit.effectiveLimit - recentDeliveries.count)
        let delivered = candidates.prefix(capacity)
        var deliveredIndices = Set<Int>()
        for candidate in delivered { deliveredIndices.formUnion(candidate.indices) }
        var remaining: [Entry] = []
        for (index, entry) in entries.enumerated() where !deliveredIndices.contains(index) {
            var waiting = entry
            if waiting.heldFor == nil && !gathering.contains(index) { waiting.heldFor = .rateLimit }
            remaining.append(waiting)
        }
        entries = remaining
        recentDeliveries += Array(repeating: now, count: delivered.count)
        return delivered.map(\.alert)
    }

    /// When `due` will next have something to return: `nil` with nothing queued, the end of quiet
    /// hours, the moment the rate-limit window frees a slot, or `now`.
    public func nextDueDate(now: Date, calendar: Calendar) -> Date? {
        guard !entries.isEmpty else { return nil }
        if let quietHours, quietHours.contains(now, calendar: calendar) {
            return quietHours.end(after: now, calendar: calendar)
        }
        // Do-not-disturb ends when the desktop says so: the one who reads it asks again then.
        if doNotDisturb, entries.allSatisfy({ $0.heldFor == .doNotDisturb || !$0.alert.passesDoNotDisturb }) { return nil }
        if entries.allSatisfy({ $0.heldFor == nil && isGathering($0, now: now) }) {
            return entries.map { $0.submitted.addingTimeInterval(groupWindow.nonNegativeSeconds) }.min()
        }
        let window = rateLimit.window.nonNegativeSeconds
        let recent = recentDeliveries.map { min($0, now) }.filter { now.timeIntervalSince($0) < window }.sorted()
        let excess = recent.count - rateLimit.effectiveLimit
        guard excess >= 0, recent.indices.contains(excess) else { return now }
        // The slot frees when the delivery that keeps the window full drops out of it.
        return recent[excess].addingTimeInterval(window)
    }

    private struct Candidate {
        var indices: [Int]
        var alert: Alert
    }

    private mutating func forgetOldDeliveries(now: Date) {
        let window = rateLimit.window.nonNegativeSeconds
        // A timestamp in the future means the clock went back: count it as now, not forever.
        recentDeliveries = recentDeliveries.map { min($0, now) }.filter { now.timeIntervalSince($0) < window }
    }

    private enum CodingKeys: String, CodingKey {
        case entries, recentDeliveries
    }
}
