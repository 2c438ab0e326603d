import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `[[reminders]]` in words: `every = "every other tuesday"`, `at = "9"` or `at = "24 december
/// 2026 at 18"`. The compact forms and RRULEs keep their own path; a phrase is read by the same
/// grammar as `notifier when`, and its intervals count from `start` (else the day notifier first
/// read it, which the store remembers).
extension ReminderSettings {
    /// Whether `every` is written in words rather than as an `every` expression.
    package var everyIsPhrase: Bool {
        guard !every.isEmpty, !every.uppercased().hasPrefix("RRULE:") else { return false }
        do throws(EveryExpression.ParseError) { _ = try EveryExpression(parsing: every) } catch {
            return !error.neverOccurs && PhraseReading.mayBe(every)
        }
        return false
    }

    /// Whether `at` is in words ("9", "kell 19", "24 december 2026 at 18").
    package var atIsPhrase: Bool {
        !at.isEmpty && ReminderTime.clock(at) == nil && ReminderTime.dateTime(at) == nil && PhraseReading.mayBe(at)
    }

    /// The time of day `at` gives with `every`: "09:45", or a time in words ("9", "5 pm", "kell 19").
    package static func timeOfDay(_ at: String) -> PhraseReading.TimeOfDay? {
        if let clock = ReminderTime.clock(at) { return .init(hour: clock.hour, minute: clock.minute) }
        return PhraseReading.timeOfDay(at)
    }

    /// What the phrase means from `now`, `remembered` the start the store keeps for it; a
    /// refusal says why it cannot be kept.
    package func phraseSchedule(now: Date, remembered: CivilDate? = nil) throws(PhraseRefusal) -> PhraseSchedule {
        let zone = ReminderTime.zone(timeZone) ?? .current
        if every.isEmpty {
            let reading = try PhraseReading(at)
            guard case .once(.date(let year, _, _)) = reading.shape, year != nil, reading.time != nil else {
                throw PhraseRefusal(
                    "a reminder without `every` needs a fixed date and time, as a config is read every day",
                    nearest: ["2026-12-24 at 18", "24 december 2026 at 18"])
            }
            // Resolved from its own day, so a past date is still read (it is simply over).
            return try reading.resolved(now: .distantPast, timeZone: zone)
        }
        // An `every` expression with a time in words ("yearly 12-24" at "kell 18") keeps its rule.
        let reading: PhraseReading
        if let compact = try? EveryExpression(parsing: every) {
            reading = PhraseReading(language: .en, shape: .repeating(compact, fromStart: false), time: nil)
        } else {
            reading = try PhraseReading(every)
        }
        guard reading.isRepeating else {
            throw PhraseRefusal("`every` names one day, not a repeating one", nearest: ["every other tuesday", "the last friday of every month"])
        }
        let time = Self.timeOfDay(at)
        if let own = reading.time, let time, own != time {
            throw PhraseRefusal("the phrase names \(own.text), at = \(at.tomlQuoted) says \(time.text); give one of them")
        }
        return try reading.resolved(now: now, timeZone: zone, defaultTime: time, start: CivilDate(string: start) ?? remembered)
    }

    /// Whether its intervals need a start (every other week, every 3 months) that the config does not give.
    package func needsRememberedStart(now: Date) -> Bool {
        guard everyIsPhrase, start.isEmpty, let schedule = try? phraseSchedule(now: now) else { return false }
        return schedule.start != nil
    }

    /// The reminder of a phrase; `nil` when off or not understood.
    func phraseReminder(daysOff: (any HolidayCalendar)?, now: Date, remembered: CivilDate?) -> Reminder? {
        guard enabled, everyIsPhrase || atIsPhrase, let holidays = ReminderSchedule.HolidayPolicy(rawValue: skip),
            let zone = ReminderTime.zone(timeZone), let schedule = try? phraseSchedule(now: now, remembered: remembered)
        else { return nil }
        return Reminder(
            name: name, text: text, schedule: ReminderSchedule(timing: schedule.timing, timeZone: zone, holidays: holidays, daysOff: daysOff),
            leads: lead.map { Double($0.components.seconds) }, late: Double(late.components.seconds), nag: nag.map { Double($0.components.seconds) },
            holdInQuietHours: quiet == "hold")
    }

    /// `config check`'s line for a phrase: what it means, its rule, and where it counts from.
    static func meaning(of entry: ReminderSettings) -> String? {
        guard entry.everyIsPhrase || entry.atIsPhrase, let schedule = try? entry.phraseSchedule(now: Date()) else { return nil }
        let words = schedule.understood.components(separatedBy: ", counting from ")
        var text = "means: \(words[0])"
        if let rrule = schedule.rrule { text += "; \(rrule)" }
        if let start = schedule.start {
            // Without `start`, the day notifier first read it, which the store keeps.
            text += entry.start.isEmpty ? "; counted from the day notifier first read it (start = \"YYYY-MM-DD\" fixes it)" : "; from \(start)"
        }
        return text
    }
}
