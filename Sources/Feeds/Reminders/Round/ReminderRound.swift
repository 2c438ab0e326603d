import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The reminders' scheduler: at each look, what fell due since the last one (kept as the
/// reminder's own subject, its `lastEvaluated`, in the same commit as what was shown), told once
/// through the engine. Deadlines are wall-clock instants: the daemon sleeps on the injected
/// clock until the next one and reads `now` again when it wakes; a resume (logind), a wall clock
/// set, or a reminder or calendar changed (`ReminderChanges`) wakes it sooner.
package struct ReminderRound: Sendable {
    /// The longest the daemon sleeps before it reads the wall clock again, whatever it was told:
    /// the bound on a change nothing announced (a calendar on a file system inotify cannot see).
    package static let longestWait: Duration = .seconds(3600)
    /// Occurrence subjects older than this are forgotten (the last look keeps them from coming back).
    package static let keepSubjects: TimeInterval = 8 * 86400

    package let env: FeedEnvironment
    /// The holidays a reminder's `skip` heeds.
    package let daysOff: (any HolidayCalendar)?

    /// The config's reminders in effect, then the one-offs of `notifier remind` (a config
    /// reminder's name wins), then the calendars' events with alarms (`now` places their window).
    /// `daysOff`: the holidays a reminder's `skip` heeds.
    package static func reminders(
        config: Config, store: Store?, logger: Logger, now: Date? = nil, paths: XDGPaths? = nil, daysOff: (any HolidayCalendar)?
    ) -> [(reminder: Reminder, created: Date?)] {
        let configured = configuredReminders(config: config, store: store, now: now ?? Date(), daysOff: daysOff).map { (reminder: $0, created: Date?.none) }
        let names = Set(config.reminders.map(\.name))
        let stored = StoreProblems.attempt("the one-off reminders", logger: logger) { try store?.oneOffReminders() } ?? []
        let calendars = now.map { CalendarReminders.reminders(config: config, now: $0, logger: logger, cacheDirectory: paths?.calendarCache) } ?? []
        return configured + stored.filter { !names.contains($0.name) }.compactMap { one in one.reminder.map { ($0, Optional(one.createdAt)) } }
            + calendars.map { (reminder: $0.reminder, created: Optional($0.created)) }
    }

    /// The config's reminders; a phrase's intervals count from its `start`, else from the day
    /// notifier first read it, which the store remembers (where it can be written).
    static func configuredReminders(config: Config, store: Store?, now: Date, daysOff: (any HolidayCalendar)?) -> [Reminder] {
        let needing = config.reminders.filter { $0.needsRememberedStart(now: now) }
        var starts = needing.isEmpty ? [:] : ((try? store?.reminderStarts()) ?? [:])
        for entry in needing where starts[entry.name]?.every != entry.every {
            guard let first = (try? entry.phraseSchedule(now: now))?.start else { continue }
            starts[entry.name] = (entry.every, first)
            try? store?.rememberReminderStart(entry.name, every: entry.every, start: first)
        }
        return config.reminders.compactMap { entry in
            entry.reminder(daysOff: daysOff, now: now, remembered: starts[entry.name].flatMap { $0.every == entry.every ? $0.start : nil })
        }
    }

    package func checkOnce() async -> FeedOutcome {
        let now = env.now()
        let all = Self.reminders(config: env.config, store: env.store, logger: env.logger, now: now, paths: env.paths, daysOff: daysOff)
        guard !all.isEmpty else { return .notPolled }
        await check(all, now: now)
        return .notPolled
    }

    /// Looks once: every reminder's notice due since its last look, and its nag.
    package func check(_ all: [(reminder: Reminder, created: Date?)], now: Date) async {
        let actions = StoreProblems.attempt("the reminders' snoozes", logger: env.logger) { try env.store?.reminderActions() } ?? [:]
        var readings: [SubjectReading] = []
        // The calendars' events share one look: a pass over thousands of them writes a row for
        // those that fired, not one per event.
        let calendarsLook = await env.engine.record(Self.calendarsLookKey)?.lastEvaluated
        var nextAlarm: ReminderOccurrence?
        for (reminder, created) in all {
            let lookKey = Self.lookKey(reminder.name)
            let ownLook = await env.engine.record(lookKey)
            let isCalendarEvent = Self.isCalendarEvent(reminder)
            let checked = ownLook?.lastEvaluated ?? (isCalendarEvent ? calendarsLook : nil) ?? created ?? now
            let acted = actions[reminder.name] ?? ReminderActions()
            let next = reminder.schedule.occurrences(from: now, count: 1).first(where: { !$0.skipped })
            let plan = ReminderPlan.due(reminder, now: now, checkedThrough: checked, actions: acted)
            if isCalendarEvent, let next, nextAlarm.map({ next.date < $0.date }) ?? true { nextAlarm = next }
            if !isCalendarEvent || ownLook != nil || plan != nil {
                readings.append(Self.lookReading(lookKey, shown: next.map { "next \($0.key.replacingOccurrences(of: "T", with: " "))" } ?? "no more"))
            }
            if let plan {
                await env.note("reminder \(reminder.name): \(plan.subject) due")
                readings.append(Self.reading(plan, reminder: reminder, now: now))
            }
            if let nagged = ReminderPlan.nagging(reminder, now: now, actions: acted), plan?.occurrence.key != nagged.key,
                await env.engine.record(SubjectKey(rule: ReminderRule.id, subject: "\(reminder.name)@\(nagged.key)")) != nil
            {
                let base = ReminderPlan(kind: .onTime, occurrence: nagged, subject: "\(reminder.name)@\(nagged.key)", dueAt: nagged.date)
                readings.append(Self.reading(base, reminder: reminder, now: now))
            }
        }
        if all.contains(where: { Self.isCalendarEvent($0.reminder) }) {
            let shown = nextAlarm.map { "next alarm \(ReminderRule.clock($0.date, in: .current)) \($0.day)" } ?? "no alarms ahead"
            readings.append(Self.lookReading(Self.calendarsLookKey, shown: shown))
        }
        guard !readings.isEmpty else { return }
        let (alerts, changed, notes) = await env.engine.decide(readings, now: now)
        let forgotten = await env.engine.forget { key in
            key.rule == ReminderRule.id && Self.occurrenceDay(of: key.subject).map { now.timeIntervalSince($0) > Self.keepSubjects } ?? false
        }
        await env.delivery.submit(alerts.map(Self.onTheReminderBubble), records: changed, forgetting: forgotten, notes: notes, now: now)
    }

    /// Where a reminder's last look is kept (its `lastEvaluated`). Not the bare name: that is
    /// the bubble's key, and a record under it that never fires would close the bubble as
    /// resolved (`BubblePlan.closes`).
    package static func lookKey(_ name: String) -> SubjectKey {
        SubjectKey(rule: ReminderRule.id, subject: "\(name)@look")
    }

    /// The calendars' events' shared look; no reminder can be named with a space.
    package static let calendarsLookKey = lookKey("calendar alarms")

    package static func isCalendarEvent(_ reminder: Reminder) -> Bool {
        reminder.link?.view == .event
    }

    package static func lookReading(_ key: SubjectKey, shown: String) -> SubjectReading {
        SubjectReading(key: key, signal: .between, shownValue: shown, policy: AlertPolicy()) { _ in nil }
    }

    /// The reminder whose look `key` keeps, or `nil` for any other subject.
    package static func lookedAt(_ key: SubjectKey) -> String? {
        guard key.rule == ReminderRule.id, key.subject.hasSuffix("@look") else { return nil }
        return String(key.subject.dropLast("@look".count))
    }

    /// The reading of one notice: fires once; a time's own notice repeats every `nag` until Done.
    package static func reading(_ plan: ReminderPlan, reminder: Reminder, now: Date) -> SubjectReading {
        let isTime = plan.subject == "\(reminder.name)@\(plan.occurrence.key)"
        let policy = AlertPolicy(repeatInterval: isTime ? reminder.nag.map { .seconds($0) } : nil)
        return SubjectReading(
            key: SubjectKey(rule: ReminderRule.id, subject: plan.subject), signal: .beyondFire,
            shownValue: plan.occurrence.key.replacingOccurrences(of: "T", with: " "), policy: policy
        ) { emission in
            switch emission {
            case .fired: return ReminderRule.alert(for: plan, reminder: reminder, now: now)
            case .repeated: return ReminderRule.alert(for: plan, reminder: reminder, now: now, nag: true)
            case .resolved, .updated: return nil
            }
        }
    }

    /// A reminder's notices share its bubble: the lead's is updated in place when the time
    /// comes. The ledger's subject stays in `key` ("standup@2026-11-25T09:45").
    package static func onTheReminderBubble(_ alert: Alert) -> Alert {
        guard alert.rule == ReminderRule.id, let subject = alert.subject, let at = subject.firstIndex(of: "@") else { return alert }
        var shown = alert
        shown.key = subject
        shown.subject = String(subject[..<at])
        shown.value = nil
        return shown
    }

    /// "standup@2026-11-25T09:45/lead-900" → 2026-11-25 (UTC midnight; days are what count).
    package static func occurrenceDay(of subject: String) -> Date? {
        guard let at = subject.firstIndex(of: "@") else { return nil }
        let day = subject[subject.index(after: at)...].prefix(10)
        guard let date = CivilDate(string: String(day)) else { return nil }
        return Date(timeIntervalSince1970: Double(date.daysUntilEpoch) * -86400)
    }

    /// When the next notice falls due, for the daemon's wait: the next occurrence, lead,
    /// snooze's end or nag; `nil` with nothing ahead.
    package static func nextDue(_ all: [(reminder: Reminder, created: Date?)], actions: [String: ReminderActions], now: Date) -> Date? {
        var soonest: Date?
        func consider(_ date: Date) { if date > now, soonest.map({ date < $0 }) ?? true { soonest = date } }
        for (reminder, _) in all {
            if let next = reminder.schedule.occurrences(from: now.addingTimeInterval(0.001), count: 1).first(where: { !$0.skipped }) {
                consider(next.date)
                for lead in reminder.leads where lead > 0 { consider(next.date.addingTimeInterval(-lead)) }
            }
            let acted = actions[reminder.name] ?? ReminderActions()
            if let until = acted.snoozedUntil { consider(until) }
            // A nag's next look falls on the occurrence's time plus whole nags: a deadline that
            // stays put from one step to the next (now + nag would never be reached).
            if let nag = reminder.nag, nag > 0, let nagged = ReminderPlan.nagging(reminder, now: now, actions: acted) {
                let elapsed = now.timeIntervalSince(nagged.date)
                consider(nagged.date.addingTimeInterval((floor(elapsed / nag) + 1) * nag))
            }
        }
        return soonest
    }
}

extension CivilDate {
    /// Days from this date back to 1970-01-01 (negative after it).
    package var daysUntilEpoch: Int { daysUntil(CivilDate(year: 1970, month: 1, day: 1)!) }
}
