import Foundation
import ProgramTestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// `[calendars]`: paths, default_alarm, all_day_at, checked like every other setting; and the
/// calendars' alarms as reminders of the scheduler.
struct CalendarSettingsTests {
    static let errors: [(String, String)] = [
        ("[calendars]\npaths = \"~/cal\"\n", "config.toml:2: calendars.paths must be a list of .ics files or folders"),
        ("[calendars]\n\npaths = [\"cal/work\"]\n", "config.toml:3: calendars.paths must hold absolute paths or paths from \"~/\", got \"cal/work\""),
        ("[calendars]\ndefault_alarm = \"soon\"\n", "config.toml:2: calendars.default_alarm must be a duration such as \"2h\", or \"\" for none"),
        ("[calendars]\nall_day_at = \"25:00\"\n", "config.toml:2: calendars.all_day_at must be a local time such as \"09:00\""),
        ("[calendars]\npath = []\n", "config.toml:2: "),
    ]

    @Test(arguments: errors)
    func badSettingsNameTheFileLineAndKey(_ text: String, _ expected: String) {
        do {
            _ = try ConfigLoader.parse(text, file: "config.toml")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.hasPrefix(expected), "got: \(error.description)")
        }
    }

    @Test func defaultsReadBackAndTheDefaultFileShowsTheSection() throws {
        #expect(Config().calendars.paths.isEmpty && Config().calendars.defaultAlarm == nil && Config().calendars.allDayAt == "09:00")
        let set = try ConfigLoader.parse(
            "[calendars]\npaths = [\"~/.calendars/work\", \"/srv/cal.ics\"]\ndefault_alarm = \"15m\"\nall_day_at = \"08:30\"\n", file: "c")
        #expect(set.calendars.expandedPaths(home: "/home/me") == ["/home/me/.calendars/work", "/srv/cal.ics"])
        #expect(set.calendars.defaultAlarm == .seconds(900) && set.calendars.allDayClock == (8, 30))
        #expect(try ConfigLoader.parse(set.renderedTOML(), file: "x") == set, "the rendered config reads back the same")
        #expect(DefaultConfig.text.contains("[calendars]\n"), "config default shows the section")
        #expect(DefaultConfig.text.contains("paths = []") && DefaultConfig.text.contains("all_day_at = \"09:00\""))
    }

    @Test func anEventsAlarmIsAReminderOccurrenceKeyedByItsStartAndOffset() throws {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a@b\r\nSUMMARY:Stand-up\r\nLOCATION:Room 4\r\n"
            + "DTSTART;TZID=Europe/Tallinn:20261125T094500\r\nRRULE:FREQ=DAILY\r\nBEGIN:VALARM\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\n"
            + "END:VEVENT\r\nEND:VCALENDAR\r\n"
        let parsed = try CalendarParser.parse(text, file: "work.ics")
        let zone = TimeZone(identifier: "Europe/Tallinn")!
        let occurrences = CalendarExpansion(local: zone).occurrences(
            of: parsed.events, file: "work.ics",
            from: Date(timeIntervalSince1970: 1_795_560_000), to: Date(timeIntervalSince1970: 1_795_560_000 + 2 * 86400))
        #expect(occurrences.count == 2)
        #expect(CalendarLinks.reminderName(uid: "a@b").hasPrefix("event-") && CalendarLinks.reminderName(uid: "a@b").count == 22)
        #expect(DeepLink.event(uid: "a.b-1")?.url == "notifier://event/a.b-1")
        #expect(DeepLink.event(uid: "a@b")?.url == "notifier://event/" + CalendarLinks.reminderName(uid: "a@b"))
        #expect(DeepLink.event(uid: "a b/c")?.url == "notifier://event/" + CalendarLinks.reminderName(uid: "a b/c"))
        #expect(CalendarReminders.note(occurrences[0], local: zone) == "starts 09:45 Wed 2026-11-25 · Room 4")
    }
}
