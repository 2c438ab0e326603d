import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem
import Synchronization

/// The alarms of the calendar files, bounded by the window a pass looks at, not by the files:
/// an unchanged file's come from its cache (`CalendarAlarms`), a changed one is parsed, expanded
/// once over `expandOver` and its cache written again; the parsed events are not kept.
extension CalendarShelf {
    package struct AlarmWindow: Sendable {
        /// Alarms in it are kept, and the first `ahead` at or after `now`.
        package var window: Range<Date>
        package var now: Date
        package var ahead: Int
        /// How far a file read anew is expanded: later windows inside it need no parse.
        package var expandOver: Range<Date>
    }

    package func alarms(
        paths: [String], expansion: CalendarExpansion, window: AlarmWindow, cacheDirectory: String?, logger: Logger
    ) -> [CalendarAlarms] {
        let now = window.now
        tellUnreachable(paths, logger: logger)
        let settings = Self.settingsKey(expansion)
        var result: [CalendarAlarms] = []
        // Shared by the files read anew in this pass: one calendar cannot hold up the others.
        var budget = ExpansionBudget()
        for file in Self.calendarFiles(paths) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else { continue }
            let modified = attributes[.modificationDate] as? Date ?? .distantPast
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let cacheFile = cacheDirectory.map { CalendarAlarms.cacheFile(for: file, in: $0) }
            let cached =
                cacheFile.flatMap { FileManager.default.contents(atPath: $0) }.flatMap {
                    CalendarAlarms.decode($0, window: window.window, now: window.now, ahead: window.ahead)
                } ?? unwritten.withLock { $0[file] }.map { $0.sliced(window) }
            let usable = cached.flatMap { cached in
                cached.file == file && cached.size == size && cached.settings == settings && cached.from <= window.window.lowerBound
                    && window.window.upperBound <= cached.to ? cached : nil
            }
            if var usable {
                if usable.modified != modified {
                    // Touched: the same bytes are neither parsed nor told again.
                    let bytes = FileManager.default.contents(atPath: file)
                    guard let bytes, Self.digest(bytes) == usable.digest else {
                        result.append(
                            made(
                                file, bytes: bytes, modified: modified, size: size, expansion: expansion, settings: settings, over: window,
                                before: usable, cacheFile: cacheFile, budget: &budget, logger: logger))
                        continue
                    }
                    usable.modified = modified
                    restamp(file, modified: modified, cacheFile: cacheFile, logger: logger)
                }
                logger.debug("calendar \(file): unchanged; its alarms from the cache")
                result.append(usable)
            } else {
                result.append(
                    made(
                        file, bytes: nil, modified: modified, size: size, expansion: expansion, settings: settings, over: window,
                        before: cached, cacheFile: cacheFile, budget: &budget, logger: logger))
            }
        }
        // A parse's memory (hundreds of MiB for a large calendar) back to the system: the daemon
        // keeps only the window's alarms.
        if result.contains(where: { $0.readAt == now }) { Heap.returnFreePages() }
        return result
    }

    /// The file read (`bytes`, when a digest already read them) and expanded anew, its problems
    /// told, its cache written; what is returned is cut to the window.
    private func made(
        _ file: String, bytes: Data?, modified: Date, size: Int, expansion: CalendarExpansion, settings: String, over window: AlarmWindow,
        before: CalendarAlarms?, cacheFile: String?, budget: inout ExpansionBudget, logger: Logger
    ) -> CalendarAlarms {
        let now = window.now
        let read = Self.read(file, modified: modified, size: size, now: now, bytes: bytes)
        let unchanged = before.map { $0.file == file && $0.size == size && $0.digest == read.digest } ?? false
        if !unchanged {
            for problem in read.problems.prefix(1) {
                let more = read.problems.count > 1 ? " (and \(read.problems.count - 1) more in this file)" : ""
                logger.error("calendar \(problem)\(more)")
            }
        }
        let over = window.expandOver
        let expanded = expansion.expand(read.events, file: file, from: over.lowerBound, to: over.upperBound, budget: &budget)
        if !unchanged { for problem in expanded.cut { logger.warning("calendar \(problem)") } }
        // A rule cut short holds alarms only up to its cut: the file is expanded again when the
        // window reaches it (an event every 30 minutes keeps coming past its first 10,000). A
        // cut inside this first window (a rule of every second) is left as it is: expanding
        // again would cost every pass and cut it as soon.
        var expandedTo = min(over.upperBound, over.lowerBound.addingTimeInterval(CalendarExpansion.maxWindow))
        if let cut = expanded.cutAfter, cut > window.window.upperBound { expandedTo = min(expandedTo, cut) }
        var alarms = CalendarAlarms(
            file: file, size: size, modified: modified, digest: read.digest, settings: settings, from: over.lowerBound,
            to: expandedTo,
            readAt: unchanged ? before?.readAt ?? now : now, problems: read.problems, cut: expanded.cut)
        for occurrence in expanded.occurrences where !occurrence.alarms.isEmpty {
            let note = CalendarReminders.note(occurrence, local: expansion.local)
            for at in occurrence.alarms {
                alarms.alarms.append(
                    CalendarAlarms.Alarm(
                        at: at, uid: occurrence.uid, key: "\(occurrence.key)~\(Int(at.timeIntervalSince(occurrence.start)))",
                        summary: occurrence.summary, note: note))
            }
        }
        alarms.alarms.sort { $0.at != $1.at ? $0.at < $1.at : $0.key < $1.key }
        alarms.busy = expanded.occurrences.filter(\.busy).map { CalendarAlarms.BusySpan(start: $0.start, end: $0.end, summary: $0.summary) }
            .sorted { $0.start < $1.start }
        logger.debug("calendar \(file): read, \(alarms.alarms.count) alarms in the next \(Int(over.upperBound.timeIntervalSince(now) / 86400)) days")
        keep(alarms, cacheFile: cacheFile, logger: logger)
        return alarms.sliced(window)
    }

    /// Written to the cache, or kept in memory whole where it cannot be: the daemon loses
    /// nothing, and a `--once` that must read the file again each pass says why.
    private func keep(_ alarms: CalendarAlarms, cacheFile: String?, logger: Logger) {
        if let cacheFile {
            if let failure = Self.write(alarms.encoded(), to: cacheFile) {
                logger.warning("calendar \(alarms.file): its alarms cannot be cached in \(cacheFile) (\(failure)); it is read again on each run")
            } else {
                unwritten.withLock { $0[alarms.file] = nil }
                return
            }
        }
        unwritten.withLock { $0[alarms.file] = alarms }
    }

    private func restamp(_ file: String, modified: Date, cacheFile: String?, logger: Logger) {
        guard
            var whole = cacheFile.flatMap({ FileManager.default.contents(atPath: $0) }).flatMap({
                CalendarAlarms.decode($0, window: .distantPast ..< .distantFuture, now: .distantFuture, ahead: 0)
            }) ?? unwritten.withLock({ $0[file] })
        else { return }
        whole.modified = modified
        keep(whole, cacheFile: cacheFile, logger: logger)
    }

    /// Calendars are private: the folder is the user's alone, the file replaced whole. The
    /// failure, or `nil` when written.
    package static func write(_ data: Data, to path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    /// What shaped an expansion besides the file: settings and zone.
    package static func settingsKey(_ expansion: CalendarExpansion) -> String {
        let alarm = expansion.defaultAlarm.map { String($0) } ?? "none"
        return "all_day_at=\(expansion.allDayAt.hour):\(expansion.allDayAt.minute) default_alarm=\(alarm) zone=\(expansion.local.identifier)"
    }

    /// Each file's path, size and modification time: what makes the alarms made from them stale.
    package static func fingerprint(_ paths: [String]) -> String {
        calendarFiles(paths).map { file in
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSinceReferenceDate ?? 0
            return "\(file) \((attributes?[.size] as? NSNumber)?.intValue ?? -1) \(modified)"
        }.joined(separator: "\n") + "\n" + unreachable(paths).map(\.path).joined(separator: "\n")
    }
}

extension CalendarAlarms {
    /// Only the alarms in the window, and the first `ahead` at or after its `now`.
    package func sliced(_ window: CalendarShelf.AlarmWindow) -> CalendarAlarms {
        var result = self
        var afterStart = 0
        result.alarms = alarms.filter { alarm in
            let inWindow = window.window.contains(alarm.at)
            guard alarm.at >= window.now else { return inWindow }
            afterStart += 1
            return inWindow || afterStart <= window.ahead
        }
        result.busy = busy.filter { $0.start < window.window.upperBound && $0.end > window.window.lowerBound }
        return result
    }
}
