import Foundation
import Testing

@testable import NotifierReminders

/// Which file changes wake the reminders: a calendar folder's `.ics` files, a calendar file
/// itself, and nothing else in the folders watched for them.
@Suite struct CalendarFilesTests {
    let files = CalendarFiles(["/home/me/calendars", "/home/me/Documents/work.ics", "/home/me/Documents/home.ics"]) { path in
        path == "/home/me/calendars"
    }

    @Test func eachFolderIsWatchedOnce() {
        #expect(files.directories == ["/home/me/Documents", "/home/me/calendars"])
    }

    @Test func aFoldersCalendarsAndTheNamedFilesWake() {
        #expect(files.accepts("/home/me/calendars", "family.ics"))
        #expect(files.accepts("/home/me/calendars", "Team.ICS"))
        #expect(files.accepts("/home/me/Documents", "work.ics"))
        #expect(files.accepts("/home/me/Documents", "home.ics"))
    }

    @Test func anythingElseInThoseFoldersDoesNot() {
        #expect(!files.accepts("/home/me/calendars", ".family.ics.swp"))
        #expect(!files.accepts("/home/me/calendars", "notes.txt"))
        #expect(!files.accepts("/home/me/Documents", "report.odt"))
        #expect(!files.accepts("/home/me/Documents", "other.ics"), "a folder watched for one file is not a calendar folder")
    }
}
