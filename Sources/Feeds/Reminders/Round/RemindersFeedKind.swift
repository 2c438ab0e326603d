import ArgumentParser
import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The reminders the person set: no feed to fetch, a schedule to keep.
package struct RemindersFeedKind: FeedKind, WeekEvents, ConfigChecking, BusyTimes, BubbleActions, ClickHandling {
    /// The holidays a reminder's `skip` heeds: the program's holiday feed's, handed over where
    /// the program's feeds are listed, so that neither feed names the other.
    package let daysOff: (any HolidayCalendar)?

    package init(daysOff: (any HolidayCalendar)?) {
        self.daysOff = daysOff
    }

    package var storeMigrations: [StoreMigration] { StoreMigration.reminders }
    package var weekEvents: any WeekEventSource { CalendarWeekEvents() }
    package func configCheckProblem(_ config: Config, file: String, text: String) -> ConfigError? {
        config.calendars.unreachablePathError(file: file, text: text, home: XDGPaths.home)
    }
    package var name: String { "reminders" }
    package var views: [FeedView] { [.reminder, .event] }
    package var lists: [any ParsableCommand.Type] { [ListReminders.self, ListEvents.self] }
    package var rules: [any Rule.Type] { [ReminderRule.self] }
    /// A reminder rings as an alarm does.
    package var bubbleKinds: [(prefix: String, kind: BubbleKind)] { [("reminder", BubbleKind(rawValue: "reminder", soundName: "alarm-clock-elapsed"))] }
    package var configEntryLists: [ConfigEntryList] { [ConfigEntryList(\.reminders)] }
    package var configSections: [ConfigSectionEntry] { [ConfigSectionEntry(\.calendars, in: .personal)] }
    package var commands: [FeedCommand] {
        [FeedCommand(RemindCommand.self), FeedCommand(NextCommand.self), FeedCommand(ForgetCommand.self), FeedCommand(WhenCommand.self)]
    }

    /// A busy calendar event under way, as the source of the person's do-not-disturb.
    package func busy(config: Config, paths: XDGPaths?, now: Date, logger: Logger) -> String? {
        guard let span = CalendarReminders.busy(config: config, now: now, logger: logger, cacheDirectory: paths?.calendarCache) else { return nil }
        let summary = TextSanitizer.singleLine(span.summary.isEmpty ? "a busy event" : span.summary)
        return "your calendar: in “\(summary)” until \(ReminderRule.clock(span.end, in: .current))"
    }

    /// Done and the snoozes of a reminder, not the engine's: a reminder is no subject to mute.
    /// A group stands for several occurrences, so it offers Open only.
    package func actions(for alert: Alert) -> [NotificationAction]? {
        alert.members == nil ? [.open, .done, .snoozeShort, .snooze] : [.open]
    }

    /// Done acknowledges the reminder's episode.
    package func acknowledges(_ action: NotificationAction) -> Bool {
        action.id == NotificationAction.done.id
    }

    package func clicked(_ action: NotificationAction, _ target: ClickTarget, store: Store?, logger: Logger, now: Date) {
        ReminderClicks(store: store, logger: logger, now: now).handle(action, target)
    }

    package func pollOnce(_ env: FeedEnvironment) async -> FeedOutcome {
        await ReminderRound(env: env, daysOff: daysOff).checkOnce()
    }

    /// Before a wait of seconds, the code the round ran is unmapped (see MappedFilePages) and its
    /// freed heap handed back (see Heap), as a feed does before it rests. The store's caches are
    /// kept: the round at the due instant reads it at once, and preparing its statements again
    /// there made that instant a few milliseconds later for a few KB.
    private static func letGo(before wait: Duration) {
        if wait >= .seconds(10) { MappedFilePages.releaseIfResting() }
        Heap.returnFreePages()
    }

    /// Looks at start, then when something falls due, after a resume, when the wall clock was
    /// set, and when a reminder or a calendar file changed (`notifier remind`, a snooze, an edit):
    /// between, it sleeps until the next due instant, read from the wall clock as a deadline, and
    /// no longer than `ReminderRound.longestWait` (15 s where the store cannot be watched).
    package func pollForever(_ env: FeedEnvironment) async {
        let round = ReminderRound(env: env, daysOff: daysOff)
        let (resumes, watching) = await SystemResume.shared.resumes()
        env.logger.debug(watching ? "reminders: watching logind for resumes" : "reminders: no system bus; resumes are found by the wall clock")
        let wake = WakeFlag()
        let listeners =
            [Task { for await _ in resumes { await wake.set() } }]
            + ReminderChanges.streams(env).map { changes in
                Task {
                    for await change in changes {
                        env.logger.debug("reminders: \(change); looking again")
                        await wake.nudge()
                    }
                }
            }
        defer { for listener in listeners { listener.cancel() } }
        let longestWait = ReminderChanges.longestWait(env)
        var nextDue: Date?
        var looked = false
        var lastLogged: Date?? = .none
        while !Task.isCancelled {
            let now = env.now()
            let all = ReminderRound.reminders(config: env.config, store: env.store, logger: env.logger, now: now, paths: env.paths, daysOff: daysOff)
            let resumed = await wake.take()
            if !looked || resumed || nextDue.map({ now >= $0 }) ?? false {
                if resumed { env.logger.info("resumed from suspend: looking at the reminders") }
                await round.check(all, now: now)
                looked = true
            }
            let actions = StoreProblems.attempt("the reminders' snoozes", logger: env.logger) { try env.store?.reminderActions() } ?? [:]
            nextDue = ReminderRound.nextDue(all, actions: actions, now: now)
            if resumed || lastLogged != .some(nextDue) {
                env.logger.debug("reminders: next due \(nextDue.map { $0.formatted(.iso8601) } ?? "never")")
                lastLogged = nextDue
            }
            guard !all.isEmpty else {
                // Nothing scheduled: only a one-off that `notifier remind` may store is awaited,
                // no deadline, so not on the feeds' clock (where it would count as a feed
                // that is on).
                Self.letGo(before: longestWait)
                await wake.wait(upTo: longestWait, clock: ContinuousClock())
                continue
            }
            let until = nextDue.map { Duration.seconds(max(0.05, $0.timeIntervalSince(env.now()))) } ?? longestWait
            Self.letGo(before: min(until, longestWait))
            await wake.wait(upTo: min(until, longestWait), clock: env.clock)
        }
    }
}
