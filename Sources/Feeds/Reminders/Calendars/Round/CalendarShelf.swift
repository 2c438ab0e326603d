import Foundation
import Logging
import NotifierCore
import NotifierEngine
import Synchronization

/// The calendar files of `[calendars] paths`, read when their size or modification time
/// changed since the last look (a stat per file per look; the files are only read), each kept
/// parsed. A file that does not parse is told once per change, as one line naming it and its
/// line; the other files go on.
package final class CalendarShelf: Sendable {
    package static let shared = CalendarShelf()

    /// Files of a vdir at most, and files read at most per look.
    package static let maxFiles = 10_000

    package struct Read: Sendable {
        package var modified: Date
        package var size: Int
        package var events: [CalendarEvent]
        package var problems: [CalendarProblem]
        /// When it was read: what was in it counts from then (a new event's alarm is not "missed").
        package var readAt: Date
        /// FNV-1a of its bytes: a file touched but not changed is not parsed, nor told, again.
        package var digest: UInt64 = 0
    }

    private let files = Mutex<[String: Read]>([:])
    /// The alarms of files whose cache could not be written: kept here instead, whole.
    package let unwritten = Mutex<[String: CalendarAlarms]>([:])
    /// The paths that could not be reached at the last look: each told when it goes missing.
    private let missing = Mutex<[CalendarProblem]>([])

    /// Each path of `paths` that does not exist or cannot be read, with why: every alarm of
    /// that calendar is off, which `config check`, `--once` and the home screen say.
    package static func unreachable(_ paths: [String]) -> [(path: String, why: String)] {
        let manager = FileManager.default
        return paths.compactMap { path in
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { return (path, "does not exist") }
            if isFolder.boolValue {
                guard manager.isReadableFile(atPath: path), manager.isExecutableFile(atPath: path) else {
                    return (path, "is a folder that cannot be read")
                }
            } else if !manager.isReadableFile(atPath: path) {
                return (path, "cannot be read")
            }
            return nil
        }
    }

    /// A file of a calendar folder that is read: `.ics`, not hidden (an editor's swap file).
    static func isCalendarFile(_ name: String) -> Bool { name.lowercased().hasSuffix(".ics") && !name.hasPrefix(".") }

    /// The .ics files `paths` name: files as given, folders one level deep, sorted.
    package static func calendarFiles(_ paths: [String]) -> [String] {
        var result: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                let names = ((try? manager.contentsOfDirectory(atPath: path)) ?? []).filter(Self.isCalendarFile)
                result += names.sorted().prefix(maxFiles).map { (path as NSString).appendingPathComponent($0) }
            } else {
                result.append(path)
            }
        }
        return Array(result.prefix(maxFiles))
    }

    /// Every file's events, read again where changed; new problems are logged once.
    package func events(paths: [String], logger: Logger, now: Date) -> [(file: String, events: [CalendarEvent], readAt: Date)] {
        tellUnreachable(paths, logger: logger)
        let wanted = Self.calendarFiles(paths)
        var result: [(file: String, events: [CalendarEvent], readAt: Date)] = []
        var fresh: [String: Read] = [:]
        let known = files.withLock { $0 }
        for file in wanted {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else { continue }
            let modified = attributes[.modificationDate] as? Date ?? .distantPast
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            if let read = known[file], read.modified == modified, read.size == size {
                fresh[file] = read
            } else if var same = known[file], same.size == size, let data = FileManager.default.contents(atPath: file),
                Self.digest(data) == same.digest
            {
                same.modified = modified
                fresh[file] = same
            } else {
                let read = Self.read(file, modified: modified, size: size, now: now)
                for problem in read.problems.prefix(1) {
                    let more = read.problems.count > 1 ? " (and \(read.problems.count - 1) more in this file)" : ""
                    logger.error("calendar \(problem)\(more)")
                }
                fresh[file] = read
            }
            result.append((file, fresh[file]!.events, fresh[file]!.readAt))
        }
        files.withLock { $0 = fresh }
        return result
    }

    /// Logs each path that went missing or unreadable since the last look, once.
    package func tellUnreachable(_ paths: [String], logger: Logger) {
        let unreachable = Self.unreachable(paths).map { CalendarProblem(file: $0.path, message: "\($0.why); its alarms are off") }
        let newlyUnreachable = missing.withLock { told in
            defer { told = unreachable }
            return unreachable.filter { !told.contains($0) }
        }
        for problem in newlyUnreachable { logger.error("calendar \(problem)") }
    }

    /// The problems of the files as last read, for `list events` and the home screen.
    package func problems() -> [CalendarProblem] {
        (missing.withLock { $0 } + files.withLock { $0.values.flatMap(\.problems) }).sorted { $0.description < $1.description }
    }

    package static func read(_ file: String, modified: Date, size: Int, now: Date, bytes: Data? = nil) -> Read {
        guard size <= CalendarParser.maxBytes else {
            return Read(
                modified: modified, size: size, events: [],
                problems: [CalendarProblem(file: file, message: "larger than \(CalendarParser.maxBytes / 1024 / 1024) MB; not read")], readAt: now)
        }
        guard let data = bytes ?? FileManager.default.contents(atPath: file) else {
            return Read(modified: modified, size: size, events: [], problems: [CalendarProblem(file: file, message: "cannot be read")], readAt: now)
        }
        let text = String(decoding: data, as: UTF8.self)
        var read: Read
        do {
            let parsed = try CalendarParser.parse(text, file: file)
            read = Read(modified: modified, size: size, events: parsed.events, problems: parsed.problems, readAt: now)
        } catch {
            read = Read(modified: modified, size: size, events: [], problems: [error], readAt: now)
        }
        read.digest = digest(data)
        return read
    }

    package static func digest(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
