import Foundation
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

/// The home screen's pure parts: the daemon read from its lock, a reminder's look told apart.
@Suite struct HomeScreenPartsTests {
    @Test func theDaemonRunsWhileItsLockIsHeld() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-daemon-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(DaemonState.probe(stateDirectory: directory) == .notRunning, "no lock file: none ever ran")
        do {
            let lock = try DaemonLock(stateDirectory: directory)
            let running = DaemonState.probe(stateDirectory: directory)
            #expect(running.running && running.pid == "\(getpid())" && running.since != nil, "\(running)")
            lock.release()
        }
        #expect(DaemonState.probe(stateDirectory: directory) == .notRunning, "the lock left behind, released: it stopped")
    }

    @Test func aReminderLookIsToldByItsName() {
        #expect(ReminderRound.lookedAt(ReminderRound.lookKey("standup")) == "standup")
        #expect(ReminderRound.lookedAt(SubjectKey(rule: ReminderRule.id, subject: "standup@2026-11-30T10:00")) == nil)
        #expect(ReminderRound.lookedAt(SubjectKey(rule: "watch", subject: "x@look")) == nil)
    }
}
