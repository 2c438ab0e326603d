import Foundation
import NotifierCore
import NotifierEngine

/// A calendar file's alarms as one expansion made them, kept in the XDG cache so that a pass
/// over an unchanged file (each `--once` is a new process) neither parses nor expands it. A
/// text file, one alarm a line sorted by instant: a pass reads only the lines of its own window.
/// Valid while the file's size and modification time and the expansion's settings are those
/// it names and its window covers the one asked; anything else in it is a miss, never an error.
package struct CalendarAlarms: Sendable, Equatable {
    package struct Alarm: Sendable, Equatable {
        package var at: Date
        package var uid: String
        /// The occurrence's key and the alarm's offset from its start: "2026-11-25T07:45:00Z~-900".
        package var key: String
        package var summary: String
        package var note: String
    }

    /// An occurrence that takes the person's time: with `busy_calendars`, do-not-disturb.
    package struct BusySpan: Sendable, Equatable {
        package var start: Date
        package var end: Date
        package var summary: String
    }

    package var file: String
    package var size: Int
    package var modified: Date
    /// FNV-1a of the file's bytes: a file touched but not changed keeps `readAt`.
    package var digest: UInt64
    /// The expansion's settings and zone: alarms made under others are not these.
    package var settings: String
    /// The window the alarms were expanded for.
    package var from: Date
    package var to: Date
    /// When the file's content was first read: an event in it counts from then.
    package var readAt: Date
    package var problems: [CalendarProblem] = []
    package var cut: [CalendarProblem] = []
    package var alarms: [Alarm] = []
    /// Sorted by start; in a pass, those that overlap its window.
    package var busy: [BusySpan] = []

    /// 2: busy spans (`B` lines, before the alarms); a cache of 1 is a miss and made again.
    package static let magic = "notifier-calendar-alarms 2"
    /// A cache file larger than this is not read (a 50 MB calendar's is about 15 MB).
    package static let maxBytes = 256 * 1024 * 1024

    /// The cache file of a calendar file: FNV-1a of its path, in `directory`.
    package static func cacheFile(for file: String, in directory: String) -> String {
        let hex = String(CalendarShelf.digest(Data(file.utf8)), radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".alarms"
    }

    package func encoded() -> Data {
        var text = Self.magic + "\n"
        let header = [
            file, String(size), String(modified.timeIntervalSinceReferenceDate), String(digest), settings,
            String(from.timeIntervalSinceReferenceDate), String(to.timeIntervalSinceReferenceDate), String(readAt.timeIntervalSinceReferenceDate),
        ]
        text += "H\t" + header.map(Self.escaped).joined(separator: "\t") + "\n"
        for (tag, list) in [("P", problems), ("C", cut)] {
            for problem in list {
                text += "\(tag)\t\(problem.line.map(String.init) ?? "-")\t\(Self.escaped(problem.message))\n"
            }
        }
        for span in busy {
            text += "B\t\(span.start.timeIntervalSinceReferenceDate)\t\(span.end.timeIntervalSinceReferenceDate)\t\(Self.escaped(span.summary))\n"
        }
        for alarm in alarms {
            let fields = [alarm.uid, alarm.key, alarm.summary, alarm.note].map(Self.escaped)
            text += "A\t\(alarm.at.timeIntervalSinceReferenceDate)\t" + fields.joined(separator: "\t") + "\n"
        }
        return Data(text.utf8)
    }

    /// The cache as written, with only the alarms in `window` and the first `ahead` at or after
    /// `now` (sparse calendars still show what comes next); `nil` for anything malformed.
    package static func decode(_ data: Data, window: Range<Date>, now: Date, ahead: Int) -> CalendarAlarms? {
        guard data.count <= maxBytes else { return nil }
        return data.withUnsafeBytes { raw in decode(raw.bindMemory(to: UInt8.self), window: window, now: now, ahead: ahead) }
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, window: Range<Date>, now: Date, ahead: Int) -> CalendarAlarms? {
        // Lines found with memchr over the bytes: a large calendar's cache is 150,000 lines, most
        // of them outside the window and read no further than their instant.
        var position = 0
        func nextLine() -> UnsafeBufferPointer<UInt8>? {
            guard let base = bytes.baseAddress, position < bytes.count else { return nil }
            let start = position
            let found = memchr(base + start, 0x0A, bytes.count - start)
            let end = found.map { UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0)) } ?? bytes.count
            position = end + 1
            return UnsafeBufferPointer(rebasing: bytes[start..<end])
        }
        guard let first = nextLine(), String(decoding: first, as: UTF8.self) == magic, let head = nextLine() else { return nil }
        let header = fields(head)
        guard header.count == 9, header[0] == "H", let size = Int(header[2]), let modified = date(header[3]), let digest = UInt64(header[4]),
            let from = date(header[6]), let to = date(header[7]), let readAt = date(header[8])
        else { return nil }
        var result = CalendarAlarms(
            file: unescaped(header[1]), size: size, modified: modified, digest: digest, settings: unescaped(header[5]), from: from, to: to,
            readAt: readAt)
        var afterNow = 0
        while let line = nextLine() {
            switch line.first {
            case UInt8(ascii: "A"):
                // The instant first, alone: most lines are outside the window and go no further.
                let atField = UnsafeBufferPointer(rebasing: line.dropFirst(2).prefix { $0 != UInt8(ascii: "\t") })
                guard let at = date(String(decoding: atField, as: UTF8.self)) else { return nil }
                let wanted = window.contains(at) || (at >= now && afterNow < ahead)
                if at >= now { afterNow += 1 }
                if !wanted {
                    if at >= window.upperBound && afterNow >= ahead { return result }
                    continue
                }
                let parts = fields(line)
                guard parts.count == 6 else { return nil }
                result.alarms.append(
                    Alarm(at: at, uid: unescaped(parts[2]), key: unescaped(parts[3]), summary: unescaped(parts[4]), note: unescaped(parts[5])))
            case UInt8(ascii: "B"):
                let parts = fields(line)
                guard parts.count == 4, let start = date(parts[1]), let end = date(parts[2]) else { return nil }
                if start < window.upperBound && end > window.lowerBound {
                    result.busy.append(BusySpan(start: start, end: end, summary: unescaped(parts[3])))
                }
            case UInt8(ascii: "P"), UInt8(ascii: "C"):
                let parts = fields(line)
                guard parts.count == 3 else { return nil }
                let problem = CalendarProblem(file: result.file, line: Int(parts[1]), message: unescaped(parts[2]))
                if parts[0] == "P" { result.problems.append(problem) } else { result.cut.append(problem) }
            default:
                return nil
            }
        }
        return result
    }

    private static func fields(_ line: UnsafeBufferPointer<UInt8>) -> [String] {
        line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func date(_ text: String) -> Date? {
        Double(text).flatMap { $0.isFinite ? Date(timeIntervalSinceReferenceDate: $0) : nil }
    }

    /// Tabs, line ends and backslashes as backslash escapes: one field, one line.
    package static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\r\n": result += "\\r\\n"
            default: result.append(character)
            }
        }
        return result
    }

    package static func unescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "t": result.append("\t")
                case "n": result.append("\n")
                case "r": result.append("\r")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
