import CICal
import Foundation
import NotifierCore
import NotifierEngine

/// Reads the VEVENTs of an iCalendar text with libical into `CalendarEvent` values; nothing of
/// libical's outlives the call. A VEVENT that cannot be used (no DTSTART, a broken value) is
/// left out and named in `problems` with its line; the others are kept.
public enum CalendarParser {
    /// A calendar larger than this is not read (a whole year of a busy shared calendar is some MB).
    public static let maxBytes = 50 * 1024 * 1024

    public struct Result: Sendable {
        public var events: [CalendarEvent]
        public var problems: [CalendarProblem]
    }

    /// Parses `text`; `file` names it in problems. Throws when nothing of it is a calendar.
    public static func parse(_ text: String, file: String) throws(CalendarProblem) -> Result {
        guard text.utf8.count <= maxBytes else {
            throw CalendarProblem(file: file, message: "larger than \(maxBytes / 1024 / 1024) MB; not read")
        }
        let eventLines = beginLines(of: text)
        if let failure = cical_load_library() {
            throw CalendarProblem(file: file, message: "not read: libical cannot be loaded (\(String(cString: failure)))")
        }
        cical_clear_errno()
        guard let root = text.withCString({ cical_icalparser_parse_string($0) }) else {
            throw CalendarProblem(
                file: file, line: firstSuspectLine(text), message: "not an iCalendar file (no BEGIN:VCALENDAR … END:VCALENDAR that libical could read)")
        }
        defer { cical_icalcomponent_free(root) }
        var vevents: [OpaquePointer] = []
        if cical_icalcomponent_isa(root) == ICAL_VEVENT_COMPONENT {
            vevents.append(root)
        } else {
            var child = cical_icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT)
            while let event = child {
                vevents.append(event)
                child = cical_icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)
            }
        }
        guard
            cical_icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT || cical_icalcomponent_isa(root) == ICAL_VEVENT_COMPONENT
                || cical_icalcomponent_isa(root) == ICAL_XROOT_COMPONENT
        else {
            throw CalendarProblem(file: file, line: 1, message: "not an iCalendar file (it holds no VCALENDAR)")
        }
        let owner = calendarOwner(root)
        var result = Result(events: [], problems: [])
        for (index, vevent) in vevents.enumerated() {
            let line = index < eventLines.count ? eventLines[index] : nil
            do {
                result.events.append(try event(vevent, owner: owner, line: line ?? 0))
            } catch let message {
                result.problems.append(CalendarProblem(file: file, line: line, message: message.text))
            }
        }
        if vevents.isEmpty, !text.contains("BEGIN:V") {
            throw CalendarProblem(file: file, line: 1, message: "not an iCalendar file (no BEGIN:VCALENDAR)")
        }
        return result
    }

    struct Message: Error { var text: String }

    static func event(_ vevent: OpaquePointer, owner: String?, line: Int) throws(Message) -> CalendarEvent {
        // libical drops a property it cannot read (an empty LOCATION, a bad RRULE) and notes
        // why; only a lost DTSTART loses the event, and then its note says why.
        guard let startProperty = cical_icalcomponent_get_first_property(vevent, ICAL_DTSTART_PROPERTY) else {
            throw Message(text: "an event without DTSTART" + (parseError(vevent).map { " (libical: \($0))" } ?? "") + "; left out")
        }
        let start = try time(cical_icalproperty_get_dtstart(startProperty), property: startProperty, what: "DTSTART")
        var event = CalendarEvent(uid: string(cical_icalcomponent_get_uid(vevent)), start: start, line: line)
        event.summary = string(cical_icalcomponent_get_summary(vevent))
        event.location = string(cical_icalcomponent_get_location(vevent))
        event.description = string(cical_icalcomponent_get_description(vevent))
        if let end = cical_icalcomponent_get_first_property(vevent, ICAL_DTEND_PROPERTY) {
            let endTime = try time(cical_icalproperty_get_dtend(end), property: end, what: "DTEND")
            // Floating times on both sides: the same zone, so any zone gives the length.
            event.duration = max(0, endTime.instant(local: .gmt).timeIntervalSince(start.instant(local: .gmt)))
        } else if let duration = cical_icalcomponent_get_first_property(vevent, ICAL_DURATION_PROPERTY) {
            event.duration = max(0, TimeInterval(cical_icaldurationtype_as_int(cical_icalproperty_get_duration(duration))))
        } else if start.isDate {
            event.duration = 86400
        }
        if let rule = cical_icalcomponent_get_first_property(vevent, ICAL_RRULE_PROPERTY), let text = cical_icalproperty_get_value_as_string(rule) {
            event.rrule = String(cString: text)
        }
        event.rdates = try times(vevent, ICAL_RDATE_PROPERTY, "RDATE") {
            cical_icalproperty_get_rdate($0).time.year != 0 ? cical_icalproperty_get_rdate($0).time : cical_icalproperty_get_rdate($0).period.start
        }
        event.exdates = try times(vevent, ICAL_EXDATE_PROPERTY, "EXDATE") { cical_icalproperty_get_exdate($0) }
        if let recurrence = cical_icalcomponent_get_first_property(vevent, ICAL_RECURRENCEID_PROPERTY) {
            event.recurrenceID = try time(cical_icalproperty_get_recurrenceid(recurrence), property: recurrence, what: "RECURRENCE-ID")
        }
        event.cancelled = cical_icalcomponent_get_status(vevent) == ICAL_STATUS_CANCELLED
        event.declined = declined(vevent, owner: owner)
        event.busy = !event.allDay
        if let transp = cical_icalcomponent_get_first_property(vevent, ICAL_TRANSP_PROPERTY), let text = cical_icalproperty_get_value_as_string(transp) {
            event.busy = String(cString: text).uppercased() == "OPAQUE"
        }
        event.alarms = alarms(vevent)
        return event
    }

    /// The VEVENT's TRIGGERs; one that does not read is left out.
    static func alarms(_ vevent: OpaquePointer) -> [EventAlarm] {
        var result: [EventAlarm] = []
        var child = cical_icalcomponent_get_first_component(vevent, ICAL_VALARM_COMPONENT)
        while let alarm = child {
            defer { child = cical_icalcomponent_get_next_component(vevent, ICAL_VALARM_COMPONENT) }
            guard let property = cical_icalcomponent_get_first_property(alarm, ICAL_TRIGGER_PROPERTY) else { continue }
            let trigger = cical_icalproperty_get_trigger(property)
            if cical_icaltime_is_null_time(trigger.time) == 0 {
                guard let at = try? time(trigger.time, property: property, what: "TRIGGER") else { continue }
                result.append(EventAlarm(.absolute(at.instant(local: .gmt))))
            } else {
                let related = cical_icalproperty_get_first_parameter(property, ICAL_RELATED_PARAMETER)
                let fromEnd = related.map { cical_icalparameter_get_related($0) == ICAL_RELATED_END } ?? false
                result.append(EventAlarm(.relative(seconds: TimeInterval(cical_icaldurationtype_as_int(trigger.duration)), fromEnd: fromEnd)))
            }
            // REPEAT with DURATION: as many more times, that far apart (RFC 5545 3.8.6.2).
            if let repeats = cical_icalcomponent_get_first_property(alarm, ICAL_REPEAT_PROPERTY),
                let every = cical_icalcomponent_get_first_property(alarm, ICAL_DURATION_PROPERTY)
            {
                let gap = TimeInterval(cical_icaldurationtype_as_int(cical_icalproperty_get_duration(every)))
                if gap > 0 { result[result.count - 1].repeats = (min(Int(cical_icalproperty_get_repeat(repeats)), EventAlarm.maxRepeats), gap) }
            }
        }
        return result
    }

    /// A declined invitation: the calendar's owner (X-WR-CALNAME when it is an address, as
    /// Google writes it) declined, or the only attendee did.
    static func declined(_ vevent: OpaquePointer, owner: String?) -> Bool {
        var attendees: [(address: String, declined: Bool)] = []
        var property = cical_icalcomponent_get_first_property(vevent, ICAL_ATTENDEE_PROPERTY)
        while let attendee = property {
            let status = cical_icalproperty_get_first_parameter(attendee, ICAL_PARTSTAT_PARAMETER)
            let address = string(cical_icalproperty_get_attendee(attendee)).lowercased().replacingOccurrences(of: "mailto:", with: "")
            attendees.append((address, status.map { cical_icalparameter_get_partstat($0) == ICAL_PARTSTAT_DECLINED } ?? false))
            property = cical_icalcomponent_get_next_property(vevent, ICAL_ATTENDEE_PROPERTY)
        }
        if attendees.count == 1 { return attendees[0].declined }
        guard let owner else { return false }
        return attendees.contains { $0.declined && $0.address == owner }
    }

    static func calendarOwner(_ root: OpaquePointer) -> String? {
        var property = cical_icalcomponent_get_first_property(root, ICAL_X_PROPERTY)
        while let x = property {
            if string(cical_icalproperty_get_x_name(x)).uppercased() == "X-WR-CALNAME" {
                let name = string(cical_icalproperty_get_value_as_string(x)).lowercased()
                return name.contains("@") ? name : nil
            }
            property = cical_icalcomponent_get_next_property(root, ICAL_X_PROPERTY)
        }
        return nil
    }

    static func times(
        _ vevent: OpaquePointer, _ kind: icalproperty_kind, _ what: String,
        _ read: (OpaquePointer) -> icaltimetype
    ) throws(Message) -> [CalendarTime] {
        var result: [CalendarTime] = []
        var property = cical_icalcomponent_get_first_property(vevent, kind)
        while let each = property {
            result.append(try time(read(each), property: each, what: what))
            property = cical_icalcomponent_get_next_property(vevent, kind)
        }
        return result
    }

    /// A libical time and its TZID as a `CalendarTime`: Olson names, Windows names (CLDR), and
    /// the "/vendor/…/Europe/Tallinn" form some exporters write.
    static func time(_ value: icaltimetype, property: OpaquePointer, what: String) throws(Message) -> CalendarTime {
        guard cical_icaltime_is_null_time(value) == 0, cical_icaltime_is_valid_time(value) != 0, (1...9999).contains(Int(value.year)) else {
            throw Message(text: "\(what) is not a date or date-time; event left out")
        }
        var anchor = CalendarTime.Anchor.floating
        if cical_icaltime_is_utc(value) != 0 {
            anchor = .utc
        } else if let parameter = cical_icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
            let tzid = cical_icalparameter_get_tzid(parameter)
        {
            let name = String(cString: tzid)
            guard let zone = zone(named: name) else { throw Message(text: "\(what): unknown time zone \"\(name)\"; event left out") }
            anchor = .zone(zone)
        }
        let isDate = value.is_date != 0
        return CalendarTime(
            year: Int(value.year), month: Int(value.month), day: Int(value.day),
            hour: isDate ? 0 : Int(value.hour), minute: isDate ? 0 : Int(value.minute), second: isDate ? 0 : Int(value.second),
            isDate: isDate, anchor: isDate ? .floating : anchor)
    }

    public static func zone(named raw: String) -> TimeZone? {
        let name = raw.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        if let windows = WindowsZones.ianaName[name] { return TimeZone(identifier: windows) }
        if name.contains("/") || name == "UTC" || name == "GMT", let zone = TimeZone(identifier: name) { return zone }
        // A vendor's prefix before an IANA name: "/mozilla.org/20050126_1/Europe/Berlin",
        // "/Europe/Stockholm", "custom_America/New_York"; the longest name that is one.
        for (index, character) in zip(name.indices, name) where "/_- .".contains(character) {
            let rest = String(name[name.index(after: index)...])
            if rest.contains("/"), let zone = TimeZone(identifier: rest) { return zone }
        }
        return nil
    }

    /// The first X-LIC-PARSEERROR libical recorded in the event or its alarms.
    static func parseError(_ component: OpaquePointer) -> String? {
        guard cical_icalcomponent_count_errors(component) > 0 else { return nil }
        var property = cical_icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY)
        if let error = property { return string(cical_icalproperty_get_xlicerror(error)) }
        var child = cical_icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let inner = child {
            property = cical_icalcomponent_get_first_property(inner, ICAL_XLICERROR_PROPERTY)
            if let error = property { return string(cical_icalproperty_get_xlicerror(error)) }
            child = cical_icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
        return nil
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    /// Lines as RFC 5545 ends them (CRLF, which Swift reads as one Character) or as files often do (LF).
    static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }

    /// The line numbers of each BEGIN:VEVENT, in order (libical keeps none). Over the bytes: a
    /// line ends at LF (CRLF included), as `lines` splits; splitting a 50 MB text into
    /// Substrings cost more than libical's parse of it.
    static func beginLines(of text: String) -> [Int] {
        let marker = Array("BEGIN:VEVENT".utf8)
        var found: [Int] = []
        var number = 1
        // Bytes of the marker matched from this line's start; nil once the line cannot match.
        var matched: Int? = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                number += 1
                matched = 0
            } else if let count = matched {
                if byte == marker[count] {
                    matched = count + 1 == marker.count ? nil : count + 1
                    if count + 1 == marker.count { found.append(number) }
                } else {
                    matched = nil
                }
            }
        }
        return found
    }

    /// Where a text that is no calendar goes wrong: the first line that is not "NAME:" or "NAME;".
    static func firstSuspectLine(_ text: String) -> Int? {
        var number = 0
        for line in lines(text) {
            number += 1
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty || line.first == " " || line.first == "\t" { continue }
            if !trimmed.contains(":") { return number }
        }
        return nil
    }
}
