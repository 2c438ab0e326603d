import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The digest: its `[digest]` table, its one-row table, and in the daemon a wait until its time.
package struct DigestFeature: DaemonWork {
    package let name = "digest"
    package var storeMigrations: [StoreMigration] { [Store.digestMigration] }
    package var configSections: [ConfigSectionEntry] { [ConfigSectionEntry(\.digest, in: .delivery)] }

    package func work(_ context: DeliveryContext) -> (@Sendable () async -> Void)? {
        guard let store = context.store, let at = context.config.digest.time else { return nil }
        let digest = DailyDigest(
            plan: DigestPlan(at: at), store: store, delivery: context.delivery, clock: context.clock, now: context.now, logger: context.logger)
        return { await digest.runForever() }
    }
}

/// The shell around `DigestPlan`: sleeps until the digest is due (woken when the wall clock is
/// set), hands its bubble to the dispatcher, and keeps when it was sent.
struct DailyDigest: Sendable {
    let plan: DigestPlan
    let store: Store
    let delivery: any AlertDelivery
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    let logger: Logger
    var calendar = Calendar.current

    func runForever() async {
        let wake = WakeFlag()
        let clockSet = Task {
            for await _ in SystemWatch.shared.changes(wallClock: true, directories: [], name: nil) { await wake.nudge() }
        }
        defer { clockSet.cancel() }
        let start = now()
        while !Task.isCancelled {
            let wait = await sendIfDue(start: start)
            await wake.wait(upTo: wait, clock: clock)
        }
    }

    /// Sends the digest when it is due; how long until the next one. `start`: when the wait
    /// for the first one began.
    func sendIfDue(start: Date) async -> Duration {
        let last = StoreProblems.attempt("the last digest", logger: logger) { try store.lastDigest() } ?? nil
        let now = now()
        let due = plan.due(last: last, start: start, calendar: calendar)
        guard due <= now else { return .seconds(due.timeIntervalSince(now)) }
        let since = DigestPlan.since(last: last, due: due)
        let rows = StoreProblems.attempt("what went to the channels", logger: logger) { try store.sentAway(after: since, until: now) } ?? []
        if let alert = plan.alert(rows, now: now, calendar: calendar) { await delivery.submit([alert], now: now) }
        _ = StoreProblems.attempt("recording the digest", logger: logger) { try store.saveDigest(at: now) }
        return .zero
    }
}
