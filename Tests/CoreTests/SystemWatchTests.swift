import Foundation
import NotifierSystem
import TestSupport
import Testing

/// A file watch through the kernel's inotify: only the files a subscriber takes reach it.
@Suite struct SystemWatchTests {
    @Test func aChangeToAFileNotTakenWakesNobody() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let changes = SystemWatch.shared.changes(wallClock: false, directories: [folder.path]) { _, name in name == "work.ics" }
        try Data("other".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data("BEGIN:VCALENDAR".utf8).write(to: folder.appendingPathComponent("work.ics"))
        var iterator = changes.makeAsyncIterator()
        // The first change seen is the calendar's: the note before it reached nobody.
        let first = await iterator.next()
        #expect(first == .file(directory: folder.path, name: "work.ics"))
    }
}
