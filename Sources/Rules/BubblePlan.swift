import Foundation

/// A bubble on screen for one subject: the id the notification server gave it and what it said,
/// kept so a later alert about the same subject updates it (`replaces_id`) instead of stacking.
public struct Bubble: Codable, Sendable, Equatable {
    public var id: UInt32
    /// The subject's value it showed ("−5 %"), for "was −5 % at 14:02".
    public var value: String?
    public var shownAt: Date
    /// Whether it tells of a firing alert: such a bubble closes when the alert resolves without a
    /// word (`notify_resolved` off). A resolution, a flapping notice or a group stays until replaced.
    public var closable: Bool

    public init(id: UInt32, value: String?, shownAt: Date, closable: Bool) {
        self.id = id
        self.value = value
        self.shownAt = shownAt
        self.closable = closable
    }
}

/// Which bubble an alert goes to, and which bubbles close: pure, so the shell only shows,
/// replaces or closes what it is told. See docs/behaviour.md, "One bubble per subject".
public struct BubblePlan: Sendable, Equatable {
    /// A stored id older than this is forgotten: servers drop bubbles long before, and an id a
    /// server no longer knows only shows a new bubble anyway.
    public static let lifetime: TimeInterval = 24 * 3600

    public var updateInPlace: Bool
    public var timeZone: TimeZone

    public init(updateInPlace: Bool = true, timeZone: TimeZone = .current) {
        self.updateInPlace = updateInPlace
        self.timeZone = timeZone
    }

    public struct Placement: Sendable, Equatable {
        public var key: SubjectKey
        /// The alert as shown: an update says what the bubble said before.
        public var alert: Alert
        /// The bubble it replaces; `nil` for a new one.
        public var replaces: UInt32?
    }

    /// What a bubble is kept under: the engine's subject; one per rule for a group, so the next
    /// group of that rule updates it as a group.
    public static func key(of alert: Alert) -> SubjectKey {
        SubjectKey(rule: alert.rule, subject: alert.members == nil ? alert.identity : "group")
    }

    public func isLive(_ bubble: Bubble, now: Date) -> Bool {
        abs(now.timeIntervalSince(bubble.shownAt)) < Self.lifetime
    }

    public func place(_ alert: Alert, stored: [SubjectKey: Bubble], now: Date) -> Placement {
        let key = Self.key(of: alert)
        guard updateInPlace, let bubble = stored[key], isLive(bubble, now: now) else {
            return Placement(key: key, alert: alert, replaces: nil)
        }
        var shown = alert
        if alert.emission == .updated {
            // Same words as a fire, so the title stays; the body says what it replaced.
            shown.body = "was \(bubble.value ?? "shown") at \(clockTime(bubble.shownAt))\n" + alert.body
        } else if alert.emission != nil, let was = bubble.value, was != alert.value {
            shown.title += ", was \(was) at \(clockTime(bubble.shownAt))"
        }
        return Placement(key: key, alert: shown, replaces: bubble.id)
    }

    /// Where a poll's updates go: each over its subject's live bubble, or nowhere. An update is
    /// never a new bubble and never waits: with its bubble gone (closed, expired, shown in a
    /// group) or in quiet hours it is dropped, and the engine's "updated" note for it says so.
    public func settle(
        updates: [Alert], notes: [DecisionNote], stored: [SubjectKey: Bubble], quiet: Bool,
        now: Date
    ) -> (placements: [Placement], notes: [DecisionNote]) {
        var placements: [Placement] = []
        var dropped: [SubjectKey: String] = [:]
        for update in updates {
            let placement = place(update, stored: stored, now: now)
            if quiet || placement.replaces == nil {
                dropped[placement.key] = NoteText.updateDropped(quiet: quiet)
            } else {
                placements.append(placement)
            }
        }
        let settled = notes.map { note in
            guard note.outcome == .updated, let why = dropped[note.key] else { return note }
            return DecisionNote(key: note.key, at: note.at, outcome: .updateDropped, value: note.value, detail: why)
        }
        return (placements, settled)
    }

    /// What to keep once the server has shown `placement` as bubble `id`.
    public func bubble(_ placement: Placement, id: UInt32, now: Date) -> Bubble {
        let firing = [.fired, .repeated, .updated].contains(placement.alert.emission)
        return Bubble(id: id, value: placement.alert.value, shownAt: now, closable: firing && placement.alert.members == nil)
    }

    /// The bubbles to close after a poll: a firing alert's bubble whose subject no longer fires
    /// and which this poll says nothing about (a silent resolution). Rules that measure change
    /// since the last notification (an anchor) never resolve, so their bubbles are left alone.
    public func closes(
        records: [SubjectKey: SubjectRecord], alerts: [Alert], stored: [SubjectKey: Bubble],
        now: Date
    ) -> [(key: SubjectKey, id: UInt32)] {
        guard updateInPlace else { return [] }
        let spoken = Set(alerts.map(Self.key(of:)))
        return records.keys.sorted().compactMap { key in
            guard let record = records[key], let bubble = stored[key], bubble.closable, isLive(bubble, now: now),
                record.anchor == nil, !spoken.contains(key)
            else { return nil }
            if case .firing = record.machine.state { return nil }
            return (key, bubble.id)
        }
    }

    private func clockTime(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
