import Foundation
import NotifierEngine

/// What one reminder has to say at `now`, given when notifier last looked (`checkedThrough`):
/// everything that fell due in between, on time or late (asleep, off), as one notice. Pure:
/// the engine's ledger (one subject per notice) makes each said once, across restarts.
public struct ReminderPlan: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// At its time (within `onTimeSlack`).
        case onTime
        /// Missed while notifier was not running or the machine slept, found within `late`.
        case late(seconds: TimeInterval)
        /// One missed longer ago than `late`: told as missed, never as due.
        case missed
        /// Several missed: one notice for them all.
        case severalMissed(count: Int, lastWithinLate: Bool)
        /// An advance notice, `seconds` before the time.
        case lead(seconds: TimeInterval)
        /// Back after a snooze.
        case snoozeEnded
    }

    public var kind: Kind
    public var occurrence: ReminderOccurrence
    /// The ledger's subject: "standup@2026-11-25T09:45", with "/lead-900" or "/snooze-…".
    public var subject: String
    /// When it fell due: the occurrence's time, its lead's, or the snooze's end.
    public var dueAt: Date

    public init(kind: Kind, occurrence: ReminderOccurrence, subject: String, dueAt: Date) {
        self.kind = kind
        self.occurrence = occurrence
        self.subject = subject
        self.dueAt = dueAt
    }

    /// Later than this after its time, an occurrence found due is told as late.
    public static let onTimeSlack: TimeInterval = 90
    /// How far back a stopped notifier looks when it starts again.
    public static let lookback: TimeInterval = 400 * 86400

    /// The notice due now, if any: new occurrences first, then a snooze's end, then a lead.
    public static func due(_ reminder: Reminder, now: Date, checkedThrough: Date, actions: ReminderActions = ReminderActions()) -> ReminderPlan? {
        let since = max(checkedThrough, now.addingTimeInterval(-lookback))
        guard since < now else { return nil }
        let window = reminder.schedule.occurrences(from: since.addingTimeInterval(0.001), through: now).filter { !$0.skipped }
        if let last = window.last {
            let lateness = now.timeIntervalSince(last.date)
            let kind: Kind
            if window.count > 1 {
                kind = .severalMissed(count: window.count, lastWithinLate: lateness <= reminder.late)
            } else if lateness <= onTimeSlack {
                kind = .onTime
            } else if lateness <= reminder.late {
                kind = .late(seconds: lateness)
            } else {
                kind = .missed
            }
            return ReminderPlan(kind: kind, occurrence: last, subject: "\(reminder.name)@\(last.key)", dueAt: last.date)
        }
        if let until = actions.snoozedUntil, let key = actions.snoozedKey, until > since, until <= now {
            let occurrence = ReminderOccurrence(date: until, day: CivilDate(until, in: reminder.schedule.timeZone), key: key)
            return ReminderPlan(
                kind: .snoozeEnded, occurrence: occurrence,
                subject: "\(reminder.name)@\(key)/snooze-\(Int(until.timeIntervalSince1970))", dueAt: until)
        }
        let leads = Set(reminder.leads.filter { $0 > 0 }).sorted()
        guard let longest = leads.last,
            let next = reminder.schedule.occurrences(from: now.addingTimeInterval(0.001), through: now.addingTimeInterval(longest))
                .first(where: { !$0.skipped })
        else { return nil }
        // The smallest lead whose time has come since the last look: the latest notice.
        for lead in leads {
            let at = next.date.addingTimeInterval(-lead)
            if at <= now, at > since {
                return ReminderPlan(kind: .lead(seconds: lead), occurrence: next, subject: "\(reminder.name)@\(next.key)/lead-\(Int(lead))", dueAt: at)
            }
            if at <= now { break }
        }
        return nil
    }

    /// The occurrence a nag repeats: the last one fired by `now`, unless Done or snoozed, and
    /// only until the next one or a day later.
    public static func nagging(_ reminder: Reminder, now: Date, actions: ReminderActions) -> ReminderOccurrence? {
        guard reminder.nag != nil,
            let last = reminder.schedule.occurrences(from: now.addingTimeInterval(-86400), through: now).last(where: { !$0.skipped }),
            actions.doneKey != last.key
        else { return nil }
        if let until = actions.snoozedUntil, actions.snoozedKey == last.key, until > now { return nil }
        return last
    }
}
