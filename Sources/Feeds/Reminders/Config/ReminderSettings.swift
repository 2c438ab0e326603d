import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `[[reminders]]`: one reminder the person set, at a time of day with `every`, or once.
package struct ReminderSettings: ConfigEntry {
    package init() {}

    package static let array = "reminders"
    package static let required = ["text", "at"]
    package static let rule: String? = ReminderRule.id

    package var name = ""
    package var enabled = true
    package var text = ""
    /// "09:45" with `every`; "2026-12-24 18:00" alone, for once.
    package var at = ""
    package var every = ""
    /// "YYYY-MM-DD": where a phrase's intervals count from ("every other tuesday"); "" for the
    /// day notifier first read it.
    package var start = ""
    package var skip = ""
    package var timeZone = ""
    package var lead: [Duration] = []
    package var late: Duration = .seconds(7200)
    package var nag: Duration?
    package var quiet = ""
    /// `[[channels]]` it always goes to as well (a reminder that must not be missed).
    package var channels: [String] = []

    package static let keys: [SectionKey<ReminderSettings>] = [
        .string("name", \.name),
        .bool("enabled", \.enabled),
        .visibleText("text", \.text),
        .reminderTime("at", \.at),
        .every("every", \.every),
        .startDay("start", \.start),
        .holidaySkip("skip", \.skip),
        .timeZoneName("time_zone", \.timeZone),
        .durations("lead", \.lead),
        .duration("late", \.late, atLeast: .seconds(60)),
        .optionalDuration("nag", \.nag),
        .choice("quiet", \.quiet, from: ["", "hold"]),
        .channelNames("channels", \.channels, omitEmpty: true),
    ]

    package func check() -> (key: String, message: String)? {
        if everyIsPhrase || atIsPhrase {
            do throws(PhraseRefusal) { _ = try phraseSchedule(now: Date()) } catch {
                return (every.isEmpty || !everyIsPhrase ? "at" : "every", error.description)
            }
        } else if every.isEmpty {
            if ReminderTime.dateTime(at) == nil {
                return (
                    "at", "must be a date and time such as \"2026-12-24 18:00\" for a reminder without `every` (or set every = \"daily\"), got \(at.tomlQuoted)"
                )
            }
        } else if ReminderTime.clock(at) == nil {
            return ("at", "must be a time of day such as \"09:45\" with every = \(every.tomlQuoted), got \(at.tomlQuoted)")
        }
        if let nag, nag < .seconds(60) { return ("nag", "must be at least 1m, got \(nag.configText.tomlQuoted)") }
        return nil
    }

    /// A rule no day meets is valid RFC 5545 (dateutil finds no occurrence), so only `config
    /// check` refuses it; the rest run the other reminders and say this one is left out.
    package func leftOutBecause() -> (key: String, message: String)? {
        guard !every.isEmpty, !everyIsPhrase else { return nil }
        do throws(EveryExpression.ParseError) {
            _ = try EveryExpression(parsing: every)
            return nil
        } catch {
            return ("every", error.message)
        }
    }

    /// The reminder the scheduler reads, its `skip` heeding `daysOff`; `nil` when off. A phrase
    /// is read from `now`, its intervals counted from `start` or else `remembered`.
    package func reminder(daysOff: (any HolidayCalendar)?, now: Date = Date(), remembered: CivilDate? = nil) -> Reminder? {
        if everyIsPhrase || atIsPhrase { return phraseReminder(daysOff: daysOff, now: now, remembered: remembered) }
        guard enabled, let schedule = ReminderTime.schedule(at: at, every: every, skip: skip, timeZone: timeZone, daysOff: daysOff) else { return nil }
        return Reminder(
            name: name, text: text, schedule: schedule, leads: lead.map { Double($0.components.seconds) },
            late: Double(late.components.seconds), nag: nag.map { Double($0.components.seconds) },
            holdInQuietHours: quiet == "hold")
    }

    package static let example: ReminderSettings = {
        var entry = ReminderSettings()
        entry.name = "standup"
        entry.enabled = false
        entry.text = "Stand-up in the small room"
        entry.at = "09:45"
        entry.every = "weekdays"
        entry.skip = "holidays"
        entry.lead = [.seconds(900)]
        return entry
    }()

    package static let defaults = [example]

    package static let documented = #"""
        # Reminders you set, one [[reminders]] table each; `notifier next standup` lists its next dates,
        # `notifier remind "Call the bank" --at "2026-12-01 10:00"` adds a one-off without this file.
        [[reminders]]
        # a-z, 0-9, _ and -: its view is `notifier open reminder standup`.
        name = "standup"
        enabled = false
        text = "Stand-up in the small room"
        # A time of day with `every`, or a date and time alone ("2026-12-24 18:00") for once.
        at = "09:45"
        # daily | weekdays | weekends | "mon,thu" | "monthly 1" | "monthly last fri" | "yearly 12-24" |
        # "RRULE:FREQ=…" (RFC 5545, without DTSTART or COUNT; counted from 1 January 2024) |
        # words, English or Estonian ("every other tuesday", "iga kuu viimane pühapäev"; see
        # `notifier when --help`), with at = "9" or a time in the phrase; `config check` says what
        # it means. A phrase's intervals count from start = "YYYY-MM-DD", else the day notifier
        # first read it.
        every = "weekdays"
        # "" | "holidays": Estonian public holidays (days off) skipped | "holidays-before" /
        # "holidays-after": moved to the working day before / after.
        skip = "holidays"
        # "" for the local zone, or an IANA name such as "Europe/Tallinn".
        time_zone = ""
        # Notices ahead of the time, such as ["1d", "15m"]: one bubble, updated when the time comes.
        lead = ["15m"]
        # Missed while asleep or off: within `late` it comes once, "was due 09:45 (20 min late)";
        # later, as one "missed" notice.
        late = "2h"
        # Shown again this often until Done is pressed, such as "5m"; "" once.
        nag = ""
        # Quiet hours do not hold a reminder (you asked for that time) unless quiet = "hold".
        quiet = ""
        # Must not be missed (any [rules.NAME] or [[watches]] entry can say it too): its bubble offers
        # Acknowledge (Done does it as well); unacknowledged, each step is told once: "10m" shows it
        # again, "30m phone" also sends it to [[channels]] phone. `notifier ack standup` acknowledges.
        # acknowledge = true
        # escalate = ["10m", "30m phone", "2h phone,mail"]
        """#
}
