import Foundation
import NotifierEngine

/// Reminders the person set (`[[reminders]]`, `notifier remind`): each occurrence, its lead
/// notices, a snooze's return and a nag are subjects of this rule, so the engine's ledger makes
/// each said once; the bubble is the reminder's (`Alert.subject` = its name), updated in place.
public struct ReminderRule: Rule {
    public static let id = "reminder"
    public static let summary = "Reminders you set: at their time, in advance, and when missed while asleep or off"
    public static let linkedViews: [LinkedView] = [.reminder, .event]
    public static let category = "x-notifier.reminder"

    public init() {}

    /// The notice for `plan` (or a nag's repeat of it) at `now`.
    public static func alert(for plan: ReminderPlan, reminder: Reminder, now: Date, nag: Bool = false) -> Alert {
        let zone = reminder.schedule.timeZone
        let time = clock(plan.occurrence.date, in: zone)
        let day = dayWord(plan.occurrence.date, now: now, in: zone)
        var title = reminder.text
        var body: String
        var urgency = Urgency.normal
        switch plan.kind {
        case .onTime:
            body = "at \(time) \(day)"
            urgency = .critical
        case .late(let seconds):
            body = "was due \(time) (\(span(seconds)) late)"
            urgency = .critical
        case .missed:
            title = "Missed: " + reminder.text
            body = "was due \(time) \(day), \(span(now.timeIntervalSince(plan.occurrence.date))) ago; notifier was not running"
        case .severalMissed(let count, let withinLate):
            title = (withinLate ? "" : "Missed: ") + reminder.text
            body = "\(count) missed, the last at \(time) \(day)"
        case .lead(let seconds):
            title = "\(reminder.text) in \(span(max(plan.occurrence.date.timeIntervalSince(now), 60)))"
            body = "at \(time) \(day) (a notice \(span(seconds)) before)"
            urgency = .low
        case .snoozeEnded:
            // The occurrence's own time, from its key ("2026-11-25T09:00"), not the snooze's end.
            body = "snoozed until \(clock(plan.dueAt, in: zone)); was due \(plan.occurrence.key.suffix(5))"
            urgency = .critical
        }
        if nag { body = "still to do: due \(time) \(day), \(span(now.timeIntervalSince(plan.occurrence.date))) ago" }
        if plan.occurrence.movedTo != nil, let holiday = plan.occurrence.holiday {
            body += "\nmoved from \(plan.occurrence.day) (\(holiday))"
        }
        if case .shifted(let wanted)? = plan.occurrence.dst { body += "\n\(wanted) does not exist that day (daylight saving)" }
        if let note = plan.occurrence.note { body += "\n" + note }
        var alert = Alert(
            rule: id, key: reminder.name, title: title, body: body, urgency: urgency, category: category,
            deepLink: reminder.link ?? .reminder(reminder.name) ?? .history, icon: "alarm-symbolic",
            groupFragment: title, groupNoun: "reminders", reason: reason(plan, reminder: reminder, now: now, nag: nag))
        // A notice ahead stops being true at the time itself, which says it instead.
        if case .lead = plan.kind { alert.validUntil = plan.occurrence.date }
        alert.passesQuietHours = !reminder.holdInQuietHours
        alert.standsAlone = true
        return alert
    }

    static func reason(_ plan: ReminderPlan, reminder: Reminder, now: Date, nag: Bool) -> String {
        let what = reminder.source ?? (reminder.oneOff ? "one-off reminder \(reminder.name)" : "reminder \(reminder.name)")
        let due = plan.occurrence.key.replacingOccurrences(of: "T", with: " ")
        switch plan.kind {
        case _ where nag: return "\(what) due \(due) is not done; shown again every \(span(reminder.nag ?? 0))"
        case .onTime: return "\(what) due \(due)"
        case .late(let seconds): return "\(what) due \(due), found \(span(seconds)) late (asleep or not running)"
        case .missed: return "\(what) due \(due) was missed by more than late = \(span(reminder.late))"
        case .severalMissed(let count, _): return "\(count) occurrences of \(what) missed, the last due \(due)"
        case .lead(let seconds): return "\(what) due \(due): the notice \(span(seconds)) before"
        case .snoozeEnded: return "\(what) due \(due) was snoozed until now"
        }
    }

    public static func clock(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return ClockText.hm(parts.hour ?? 0, parts.minute ?? 0)
    }

    /// "today", "yesterday", "tomorrow", else "Wed 2026-12-23".
    static func dayWord(_ date: Date, now: Date, in zone: TimeZone) -> String {
        let day = CivilDate(date, in: zone)
        switch CivilDate(now, in: zone).daysUntil(day) {
        case 0: return "today"
        case -1: return "yesterday"
        case 1: return "tomorrow"
        default: return "\(ReminderOccurrence.weekdayName(day)) \(day)"
        }
    }

    /// "20 min", "1 h 5 min", "2 d 3 h": rounded to the minute.
    public static func span(_ seconds: TimeInterval) -> String {
        let minutes = Int((max(0, seconds) / 60).rounded())
        let days = minutes / 1440
        let hours = minutes % 1440 / 60
        let rest = minutes % 60
        if days > 0 { return hours > 0 ? "\(days) d \(hours) h" : "\(days) d" }
        if hours > 0 { return rest > 0 ? "\(hours) h \(rest) min" : "\(hours) h" }
        return "\(rest) min"
    }

    // MARK: Examples

    static let exampleZone = TimeZone(identifier: "Europe/Tallinn")!
    static let exampleNow = Date(timeIntervalSince1970: 1_795_590_000) // 2026-11-25 09:00 in Tallinn (+02:00)

    static func example(every: String = "weekdays", hour: Int = 8, minute: Int = 45) -> Reminder {
        Reminder(
            name: "standup", text: "Stand-up in the small room",
            schedule: ReminderSchedule(
                timing: .repeating(try! EveryExpression(parsing: every), hour: hour, minute: minute),
                timeZone: exampleZone),
            leads: [900], late: 7200)
    }

    public static let examples: [RuleExample] = [
        RuleExample("an occurrence since the last look, at its time, fires", .fires({ $0[0].body == "at 09:00 today" })) {
            let reminder = example(hour: 9, minute: 0)
            return ReminderPlan.due(reminder, now: exampleNow, checkedThrough: exampleNow.addingTimeInterval(-30))
                .map { [alert(for: $0, reminder: reminder, now: exampleNow)] } ?? []
        },
        RuleExample("found 15 minutes late after a resume, it says so", .fires({ $0[0].body == "was due 08:45 (15 min late)" })) {
            let reminder = example()
            return ReminderPlan.due(reminder, now: exampleNow, checkedThrough: exampleNow.addingTimeInterval(-3600))
                .map { [alert(for: $0, reminder: reminder, now: exampleNow)] } ?? []
        },
        RuleExample("three missed over a weekend of being off: one notice", .fires({ $0.count == 1 && $0[0].body.hasPrefix("3 missed") })) {
            let reminder = example()
            return ReminderPlan.due(reminder, now: exampleNow, checkedThrough: exampleNow.addingTimeInterval(-5 * 86400))
                .map { [alert(for: $0, reminder: reminder, now: exampleNow)] } ?? []
        },
        RuleExample("nothing due since the last look: silent", .staysSilent) {
            let reminder = example(hour: 10, minute: 0)
            return ReminderPlan.due(reminder, now: exampleNow, checkedThrough: exampleNow.addingTimeInterval(-30))
                .map { [alert(for: $0, reminder: reminder, now: exampleNow)] } ?? []
        },
    ]
}

extension DeepLink.View {
    /// One reminder: its text, next dates, last shown, snoozed or done; the argument is its name.
    public static let reminder = DeepLink.View(rawValue: "reminder")
}

extension LinkedView {
    public static let reminder = LinkedView("reminder") { name in
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D }
    }
}

extension DeepLink {
    /// `notifier open reminder standup`.
    public static func reminder(_ name: String) -> DeepLink? {
        DeepLink(.reminder, argument: name)
    }
}
