import Foundation
import Logging
import NotifierCore
import NotifierDelivery
import NotifierEngine
import NotifierSystem

/// `notifier test`'s run: each recording handed to its feed's round as a poll's answer at the
/// recording's time, against a scratch store, through the real dispatcher to a recording sink; what each step decided is read back as `notifier why` would read it.
package struct ScenarioReplay {
    /// Replays are deterministic: times read in the scenario's zone, numbers in a fixed locale.
    package static let locale = Locale(identifier: "en_US_POSIX")

    package let config: Config
    package let timeZone: TimeZone

    /// Each recording's decisions in the words of `notifier why`.
    /// `migrations`: the tables of the program's feeds, in the replay's scratch store.
    package func report(_ scenario: Scenario, feeds: [any RecordedFeed], migrations: [StoreMigration]) async -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // Nothing on disk: a scratch store of its own, dropped with the replay.
        let store = Store.scratchCopy(of: "", now: scenario.steps.first?.at ?? .distantPast, migrations: migrations)
        let quiet = Logger(label: "notifier.test") { _ in SwiftLogNoOpLogHandler() }
        let dispatcher = Dispatcher(
            sink: RecordingSink(showsBubbles: true), store: store, config: config, logger: quiet, calendar: calendar, presence: { .unknown },
            elsewhere: Elsewhere(channels: ChannelSender.shared, syncTopic: UnheardSyncTopic()))
        let engine = StoredEngine(store: store, logger: quiet, updatesBubbles: config.delivery.updateInPlace, timeZone: timeZone)
        let http = HTTPClient()
        var seen: Int64 = 0
        var text = ""
        for step in scenario.steps {
            guard let feed = feeds.first(where: { $0.records(step.suffix, config: config) }) else { continue }
            text += step.file + "\n"
            let at = step.at
            var environment = FeedEnvironment(
                config: config, paths: XDGPaths(environment: [:]), http: http, clock: ContinuousClock(),
                now: { at }, logger: quiet, store: store, delivery: dispatcher, engine: engine,
                seed: nil, launch: false)
            environment.locale = Self.locale
            environment.calendar = calendar
            await feed.replay(step.data, suffix: step.suffix, environment: environment)
            let decided = (try? store.decisions(after: seen)) ?? (notes: [], last: seen)
            seen = decided.last
            for note in decided.notes {
                text += "  \(note.key.rule) \(note.shownSubject)  \(TextSanitizer.singleLine(NoteText.line(note, now: at, timeZone: timeZone)))\n"
            }
        }
        return text
    }
}
