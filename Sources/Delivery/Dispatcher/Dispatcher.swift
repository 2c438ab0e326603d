import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The one way alerts reach the user: into the persisted outbox with the rule states that
/// decided them, then out through quiet hours and the rate limit to the sink. An actor, so
/// concurrent feeds never interleave their outbox updates.
package actor Dispatcher: AlertDelivery {
    package let sink: any AlertSink
    /// The channels and the sync topic.
    package let elsewhere: Elsewhere
    package let store: Store?
    package let logger: Logger
    let calendar: Calendar
    private var outbox: Outbox
    /// Whether the last try to record deliveries failed: said once, not on every retry.
    private var recordingFails = false
    /// Rule states whose commit failed: they are recorded with the deliveries they decided,
    /// never after them (else the next pass would decide, and show, the same again).
    private var uncommittedRecords: [SubjectKey: SubjectRecord] = [:]
    /// Likewise the rule states forgotten (passed forecast days) by a commit that failed.
    private var uncommittedForgotten: [SubjectKey] = []
    /// Likewise the decision notes of a commit that failed.
    private var uncommittedNotes: [DecisionNote] = []
    /// `[history] days`: how long decision notes are kept.
    private let keepDays: Int
    /// Which bubble each alert updates, and which close (`[delivery] update_in_place`).
    private let bubblePlan: BubblePlan
    /// The person: where they were last seen, the away spell (`Presence/`).
    var person: PresenceWatch
    /// The channels, their messages and refused parcels (`Channels/`).
    var channelBook: ChannelBook
    /// Episodes that wait for an acknowledgement, and the next escalation step (`Acknowledge/`).
    var escalations: EscalationBook
    /// With `[sync]`: the claims that make one machine of several send an episode to the phone.
    package let sync: SyncLink?
    /// The wait for the next due instant: a submission may have moved it (something held).
    package let dueMoved = WakeFlag()
    /// The rules whose mutes the engine never sees (`MuteGate`).
    let outsideTheEngine: Set<String>
    /// A dry run's and a replay's dispatcher is this one, with a recording sink and a scratch
    /// store: what they report is what quiet hours, the rate limit and grouping let through.
    package init(
        sink: any AlertSink, store: Store?, config: Config, logger: Logger, calendar: Calendar = .current,
        presence: @escaping @Sendable () async -> Presence = { await PresenceReader.read() }, paths: XDGPaths? = nil,
        feeds: [any FeedKind] = [], elsewhere: Elsewhere
    ) {
        self.sink = sink
        self.elsewhere = elsewhere
        let sync = SyncLink.make(config.sync, store: store, logger: logger)
        self.sync = sync
        person = PresenceWatch(
            reach: config.delivery.reach, read: presence,
            busyNow: config.delivery.busyCalendars ? PresenceWatch.busyCalendars(config: config, paths: paths, logger: logger, feeds: feeds) : nil)
        channelBook = ChannelBook(
            channels: config.channels(acknowledgingVia: sync), alsoTo: { [config] alert in config.channels(alsoFor: alert) }, store: store, logger: logger)
        escalations = EscalationBook(acknowledgement: { [config] alert in config.acknowledgement(for: alert) }, store: store, logger: logger)
        self.store = store
        self.logger = logger
        self.calendar = calendar
        keepDays = config.history.days
        bubblePlan = BubblePlan(updateInPlace: config.delivery.updateInPlace, timeZone: calendar.timeZone)
        var outbox = Outbox()
        do {
            outbox = try store?.loadOutbox() ?? Outbox()
        } catch {
            logger.error("\(error); starting with an empty outbox")
        }
        // Only the held entries are stored; the policies come from the config in force.
        outbox.quietHours = config.delivery.quietHours
        outbox.rateLimit = Outbox.RateLimit(limit: config.delivery.rateLimitPerMinute, window: .seconds(60))
        outbox.groupWindow = config.delivery.groupWindow
        self.outbox = outbox
        outsideTheEngine = Set((feeds.flatMap(\.rules) + [FeedHealthRule.self]).filter { !$0.decidedByTheEngine }.map { $0.id })
    }

    package var pendingCount: Int { outbox.pendingCount }

    /// What quiet hours and the rate limit hold now, each with why.
    package var held: [(alert: Alert, detail: String)] { outbox.held }

    /// Commits what a poll decided (rule states changed and forgotten, alerts into the outbox)
    /// in one transaction, then delivers whatever is due.
    /// `notes`: why, for `notifier why`, recorded in the same transaction.
    package func submit(
        _ alerts: [Alert], records: [SubjectKey: SubjectRecord] = [:], forgetting forgotten: [SubjectKey] = [],
        notes decided: [DecisionNote] = [], now: Date
    ) async {
        let dueBefore = nextDueDate(now: now)
        let (alerts, gated) = gateMuted(alerts, now: now)
        await sink.decided(decided + gated)
        // Updates rewrite a bubble on screen or nothing: they skip the outbox (no grouping, no
        // rate limit, no holding), and one that cannot be shown is noted as dropped. The bubble
        // ids are read only when there is an update: not on every poll.
        let updateAlerts = alerts.filter { $0.emission == .updated }.map(TextSanitizer.bounded)
        let updates =
            updateAlerts.isEmpty
            ? (placements: [], notes: decided + gated)
            : bubblePlan.settle(
                updates: updateAlerts, notes: decided + gated, stored: storedBubbles(),
                quiet: outbox.quietHours?.contains(now, calendar: calendar) ?? false, now: now)
        let notes = updates.notes
        outbox.submit(alerts.filter { $0.emission != .updated }.map(TextSanitizer.bounded), now: now)
        do {
            try store?.commit(
                records: uncommittedRecords.merging(records) { $1 }, forgetting: uncommittedForgotten + forgotten,
                outbox: outbox, notes: uncommittedNotes + notes, keepDays: keepDays, now: now)
            uncommittedRecords = [:]
            uncommittedForgotten = []
            uncommittedNotes = []
        } catch {
            uncommittedRecords.merge(records) { $1 }
            for key in forgotten { uncommittedRecords[key] = nil }
            uncommittedForgotten += forgotten
            uncommittedNotes += notes
            logger.error("\(error)")
        }
        resolveAcknowledgements(records, alerts: alerts, now: now)
        await closeResolved(records, alerts: alerts, now: now)
        await clearResolvedOnChannels(records, alerts: alerts, now: now)
        await showUpdates(updates.placements, now: now)
        await deliverDue(now: now)
        // Only a moved instant: each nudge leaves the waiter's cancelled sleep to fire later.
        if nextDueDate(now: now) != dueBefore { await dueMoved.nudge() }
    }

    /// Shows updates over their bubbles, recorded in the ledger first like any delivery; what the
    /// ledger cannot take is not shown, and not retried: the next deeper move updates anyway.
    private func showUpdates(_ placements: [BubblePlan.Placement], now: Date) async {
        guard !placements.isEmpty else { return }
        do {
            try store?.markDelivered(
                placements.flatMap { deliveries($0.alert, now: now) }, outbox: outbox, records: uncommittedRecords,
                forgetting: uncommittedForgotten, notes: uncommittedNotes, keepDays: keepDays, now: now)
            uncommittedRecords = [:]
            uncommittedForgotten = []
            uncommittedNotes = []
        } catch {
            logger.error("\(error); \(placements.count == 1 ? "an update is" : "\(placements.count) updates are") not shown")
            return
        }
        for placement in placements { await show(placement, now: now) }
    }

    /// The alert's row, and for a group or summary that links to its own history, one row per
    /// member under the group's id (`notifier history --group ID`; plain `history` leaves them out).
    private func deliveries(_ alert: Alert, now: Date) -> [Delivery] {
        guard let group = alert.deepLink.historyGroup else { return [delivery(alert, now: now)] }
        return [delivery(alert, now: now)]
            + alert.individualAlerts.map { member in
                var row = delivery(member, now: now)
                row.groupID = group
                return row
            }
    }

    private func delivery(_ alert: Alert, now: Date) -> Delivery {
        Delivery(
            deliveredAt: now, rule: alert.rule, key: alert.key, title: alert.title, body: alert.body,
            urgency: alert.urgency.rawValue, deepLink: alert.deepLink.command, sink: sink.name,
            reason: alert.reason ?? "", subject: alert.subject)
    }

    /// Shows one placed alert and keeps the id of its bubble.
    package func show(_ placement: BubblePlan.Placement, now: Date) async {
        let alert = placement.alert
        do {
            let id = try await sink.deliver(alert, replacing: placement.replaces, at: now)
            logger.debug("delivered \(alert.rule) \(alert.key) via \(sink.name)\(id.map { " as bubble \($0)" } ?? "")")
            if let id, bubblePlan.updateInPlace {
                _ = StoreProblems.attempt("the bubble ids", logger: logger) {
                    try store?.saveBubble(bubblePlan.bubble(placement, id: id, now: now), for: placement.key)
                }
            }
        } catch {
            logger.error("\(alert.rule) \(alert.key): \(error)")
        }
    }

    /// Closes the bubbles of alerts that resolved without a word, and forgets them.
    private func closeResolved(_ records: [SubjectKey: SubjectRecord], alerts: [Alert], now: Date) async {
        guard bubblePlan.updateInPlace, !records.isEmpty else { return }
        let closes = bubblePlan.closes(records: records, alerts: alerts, stored: storedBubbles(), now: now)
        guard !closes.isEmpty else { return }
        for close in closes {
            await sink.close(bubble: close.id)
            logger.debug("closed the bubble of \(close.key): it resolved")
        }
        _ = StoreProblems.attempt("the bubble ids", logger: logger) { try store?.forgetBubbles(closes.map(\.key), now: now) }
    }

    private func storedBubbles() -> [SubjectKey: Bubble] {
        guard bubblePlan.updateInPlace else { return [:] }
        return StoreProblems.attempt("the bubble ids", logger: logger) { try store?.bubbles() } ?? [:]
    }

    /// Delivers what quiet hours and the rate limit allow now: this desktop first, then the
    /// channels (what is due for them, escalation steps, retries), so that a channel that hangs
    /// never holds a bubble up.
    package func deliverDue(now: Date) async {
        await lookAtThePerson(now: now)
        let steps = await escalateDue(now: now)
        let (forChannels, opening) = await showDue(now: now)
        for (placement, route) in forChannels {
            let sentAway = await sendAway(placement.alert, route: route, now: now)
            // Away, the desktop shows only what no channel took.
            if !sentAway && !route.desktop { await show(placement, now: now) }
        }
        await sendToChannels(steps, now: now)
        await retryChannelParcels(now: now)
        await acknowledgedElsewhere(opening, now: now)
    }

    /// Records and shows the due bubbles; returns what goes to channels, and the episodes opened.
    private func showDue(now: Date) async -> (forChannels: [(BubblePlan.Placement, Route)], opening: [AcknowledgementItem]) {
        let plan = outbox.plan(now: now, calendar: calendar)
        let notes = plan.notes(from: outbox, now: now)
        guard !plan.alerts.isEmpty else {
            outbox.confirm(plan) // what quiet hours now hold is marked so
            // Noted once: stored with the outbox that holds them, so the next run (a `--once`
            // too) plans from holds already noted.
            guard !notes.isEmpty else { return ([], []) }
            do { try store?.markDelivered([], outbox: outbox, notes: notes, keepDays: keepDays, now: now) } catch { logger.error("\(error)") }
            return ([], [])
        }
        // An alert about a subject whose bubble is still up updates it, and says so.
        let stored = storedBubbles()
        let placements = plan.alerts.map { bubblePlan.place(escalations.stamped($0), stored: stored, now: now) }
        let due = placements.map(\.alert)
        let routes = due.map { person.route($0, alsoTo: channelBook.alsoTo($0)) }
        let deliveries = zip(due, routes).flatMap { alert, route in
            self.deliveries(alert, now: now).map { row in
                var row = row
                if !route.desktop, let first = route.fallbackFrom.first { row.sink = "channel \(first)" }
                return row
            }
        }
        let opening = escalations.opened(by: due, now: now)
        // Recorded before shown: a crash in between loses a bubble rather than repeating one.
        // Shown only once recorded: what the ledger cannot take (a full disk, a locked store)
        // stays in the outbox and goes out on a later try, neither lost nor shown twice.
        do {
            try store?.markDelivered(
                deliveries, outbox: plan.after, records: uncommittedRecords, forgetting: uncommittedForgotten,
                notes: uncommittedNotes + notes + person.awayNotes(due, routes: routes, now: now), keepDays: keepDays, opening: opening, now: now)
            escalations.stored(opening)
            uncommittedRecords = [:]
            uncommittedForgotten = []
            uncommittedNotes = []
        } catch {
            if !recordingFails {
                logger.error("\(error); \(due.count == 1 ? "a notification is" : "\(due.count) notifications are") held until it can be recorded")
            }
            recordingFails = true
            return ([], [])
        }
        outbox.confirm(plan)
        if recordingFails {
            recordingFails = false
            logger.info("the store records again; delivering \(due.count) held")
        }
        var forChannels: [(BubblePlan.Placement, Route)] = []
        for (placement, route) in zip(placements, routes) {
            if route.desktop || route.channels.isEmpty { await show(placement, now: now) }
            if !route.channels.isEmpty { forChannels.append((placement, route)) }
        }
        return (forChannels, opening)
    }

    /// The end of a one-shot pass: groups still gathering go out now rather than wait for a
    /// next run. Quiet hours and the rate limit still hold what they hold.
    package func flushGathering(now: Date) async {
        let window = outbox.groupWindow
        outbox.groupWindow = .zero
        await deliverDue(now: now)
        outbox.groupWindow = window
    }

    package func setDoNotDisturb(_ on: Bool) {
        if outbox.doNotDisturb != on { logger.info("do-not-disturb is \(on ? "on: holding what is not critical" : "off")") }
        outbox.doNotDisturb = on
    }

    package func submit(_ decisions: RoundDecisions, now: Date) async {
        await submit(decisions.alerts, records: decisions.records, forgetting: decisions.forgotten, notes: decisions.notes, now: now)
    }

    package func submitRecap(_ recap: Alert, now: Date) {
        outbox.submit([recap], now: now)
    }

    /// When held alerts next become due, for the daemon's timer.
    package func nextDueDate(now: Date) -> Date? {
        [outbox.nextDueDate(now: now, calendar: calendar), channelBook.nextParcelTry, escalations.nextStep].compactMap { $0 }.min()
    }

    /// An escalation's bubbles, into the outbox as any alert.
    package func submitAgain(_ alerts: [Alert], now: Date) {
        guard !alerts.isEmpty else { return }
        outbox.submit(alerts.map(TextSanitizer.bounded), now: now)
    }

    /// The outbox as the escalation steps store it.
    package var outboxForSteps: Outbox { outbox }
}
