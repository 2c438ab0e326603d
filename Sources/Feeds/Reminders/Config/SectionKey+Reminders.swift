import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The keys of `[[reminders]]` that no other table has.
extension SectionKey {
    /// Text a bubble shows: non-empty, at most 500 characters, no control characters.
    package static func visibleText(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let text = value.stringValue, !text.trimmingCharacters(in: .whitespaces).isEmpty, text.count <= 500,
                    !text.unicodeScalars.contains(where: VisibleText.isHidden)
                else {
                    return "must be a line of text (1 to 500 characters, no control characters), got \(value.shownForError)"
                }
                config[keyPath: field] = text
                return nil
            }, render: { $0[keyPath: field].tomlQuoted })
    }

    /// "09:45", or "2026-12-24 18:00" (which of them `check()` says, knowing `every`).
    package static func reminderTime(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                // A time in words ("9", "kell 19") or a date in words: `check()` reads it, knowing `every`.
                guard let text = value.stringValue, ReminderTime.clock(text) != nil || ReminderTime.dateTime(text) != nil || PhraseReading.mayBe(text)
                else {
                    return "must be a time of day such as \"09:45\", or a date and time such as \"2026-12-24 18:00\", got \(value.shownForError)"
                }
                config[keyPath: field] = text
                return nil
            },
            render: { root in
                // A one-off's date in words: `config check` writes back the day it means.
                let entry = (root as? ReminderSettings).flatMap { $0.every.isEmpty && $0.atIsPhrase ? $0 : nil }
                return root[keyPath: field].tomlQuoted + (entry.flatMap(ReminderSettings.meaning(of:)).map { "  # " + $0 } ?? "")
            })
    }

    /// The `every` grammar (`EveryExpression`), or "" for once.
    package static func every(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let text = value.stringValue else { return "must be a string such as \"weekdays\", got \(value.shownForError)" }
                if !text.isEmpty {
                    // One that never occurs is kept: its `leftOutBecause` names it. Words are
                    // read by `check()`, which knows `at` and `start`.
                    do throws(EveryExpression.ParseError) { _ = try EveryExpression(parsing: text) } catch {
                        if !error.neverOccurs, !PhraseReading.mayBe(text) { return error.message }
                    }
                }
                config[keyPath: field] = text
                return nil
            },
            render: { root in
                // `config check` writes back what a phrase means, as a comment beside it.
                let entry = (root as? ReminderSettings).flatMap { $0.everyIsPhrase ? $0 : nil }
                return root[keyPath: field].tomlQuoted + (entry.flatMap(ReminderSettings.meaning(of:)).map { "  # " + $0 } ?? "")
            })
    }

    /// "YYYY-MM-DD", or "" (left out when rendered).
    package static func startDay(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let text = value.stringValue, text.isEmpty || CivilDate(string: text) != nil else {
                    return "must be a date such as \"2026-12-01\", got \(value.shownForError)"
                }
                config[keyPath: field] = text
                return nil
            }, render: { $0[keyPath: field].isEmpty ? "" : $0[keyPath: field].tomlQuoted })
    }

    package static func holidaySkip(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                let known = ReminderSchedule.HolidayPolicy.allCases.map(\.rawValue)
                guard let text = value.stringValue, known.contains(text) else {
                    return "must be one of \(known.map(\.tomlQuoted).joined(separator: ", ")), got \(value.shownForError)"
                }
                config[keyPath: field] = text
                return nil
            }, render: { $0[keyPath: field].tomlQuoted })
    }

    /// "" (the local zone) or an IANA name.
    package static func timeZoneName(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let text = value.stringValue, text.isEmpty || ReminderTime.zone(text) != nil else {
                    return "must be \"\" (the local time zone) or an IANA name such as \"Europe/Tallinn\", got \(value.shownForError)"
                }
                config[keyPath: field] = text
                return nil
            }, render: { $0[keyPath: field].tomlQuoted })
    }

    /// A list of durations, ["1d", "15m"]; [] for none.
    package static func durations(_ key: String, _ field: WritableKeyPath<Root, [Duration]> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                if value.isEmptyArray {
                    config[keyPath: field] = []
                    return nil
                }
                guard case .strings(let texts) = value, texts.count <= 10,
                    let durations = Optional(texts.compactMap(Duration.parse)), durations.count == texts.count,
                    durations.allSatisfy({ $0 > .zero && $0 <= .seconds(366 * 86400) })
                else {
                    return "must be a list of up to 10 durations such as [\"1d\", \"15m\"], got \(value.shownForError)"
                }
                config[keyPath: field] = durations
                return nil
            }, render: { "[" + $0[keyPath: field].map { $0.configText.tomlQuoted }.joined(separator: ", ") + "]" })
    }

    /// One of a few strings.
    package static func choice(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable, from choices: [String]) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let text = value.stringValue, choices.contains(text) else {
                    return "must be one of \(choices.map(\.tomlQuoted).joined(separator: ", ")), got \(value.shownForError)"
                }
                config[keyPath: field] = text
                return nil
            }, render: { $0[keyPath: field].tomlQuoted })
    }
}

/// The reminder's times as written: "09:45", "2026-12-24 18:00", a zone name.
package enum ReminderTime {
    package static func clock(_ text: String) -> QuietHours.ClockTime? {
        try? QuietHours.ClockTime(parsing: text)
    }

    /// "2026-12-24 18:00" (also "2026-12-24T18:00").
    package static func dateTime(_ text: String) -> (day: CivilDate, time: QuietHours.ClockTime)? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard parts.count == 2, let day = CivilDate(string: String(parts[0])), let time = clock(String(parts[1])) else { return nil }
        return (day, time)
    }

    package static func zone(_ name: String) -> TimeZone? {
        guard !name.isEmpty else { return .current }
        guard name.utf8.count <= 64, name.contains("/") || name == "UTC", let zone = TimeZone(identifier: name) else { return nil }
        return zone
    }

    /// `daysOff`: the holidays `skip` heeds, which the program's holiday feed provides.
    package static func schedule(at: String, every: String, skip: String, timeZone: String, daysOff: (any HolidayCalendar)?) -> ReminderSchedule? {
        guard let zone = zone(timeZone), let holidays = ReminderSchedule.HolidayPolicy(rawValue: skip) else { return nil }
        if every.isEmpty {
            guard let (day, time) = dateTime(at) else { return nil }
            return ReminderSchedule(
                timing: .once(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute),
                timeZone: zone, holidays: holidays, daysOff: daysOff)
        }
        guard let time = clock(at), let expression = try? EveryExpression(parsing: every) else { return nil }
        return ReminderSchedule(
            timing: .repeating(expression, hour: time.hour, minute: time.minute), timeZone: zone, holidays: holidays,
            daysOff: daysOff)
    }
}
