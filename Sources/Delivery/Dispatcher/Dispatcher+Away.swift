import Foundation
import NotifierCore
import NotifierEngine

/// Reaching the person where they are: presence and do-not-disturb read as a delivery begins,
/// what is due sent to their channels while they are away (and what a rule always sends there),
/// what a channel refused tried again, a phone's message cleared once its subject resolved. What
/// to keep and tell is decided by the features' parts (`PresenceWatch`, `ChannelBook`).
extension Dispatcher {
    /// Reads presence; sets the outbox's do-not-disturb; on return, queues the recap.
    func lookAtThePerson(now: Date) async {
        guard person.needsALook(pending: pendingCount, store: store, logger: logger) else { return }
        let presence = await person.read()
        let seen = person.observe(presence, now: now, store: store, logger: logger)
        setDoNotDisturb(seen.doNotDisturb)
        if let recap = seen.recap { submitRecap(recap, now: now) }
    }

    /// Sends an alert to its route's channels; `true` when a channel stood in for this desktop
    /// (`false`: the desktop shows it, as routed, or because every stand-in refused it).
    func sendAway(_ alert: Alert, route: Route, now: Date) async -> Bool {
        guard !route.channels.isEmpty else { return false }
        // Another machine of the same config claimed it first: it sends; this one shows its bubble.
        if case .theirs(let by) = await claimChannels(alert, now: now) {
            if !route.desktop, let first = route.fallbackFrom.first { historySays(alert, went: sink.name, not: "channel \(first)", at: now) }
            logger.info("\(alert.rule) \(alert.key): not sent to \(route.channels.joined(separator: ", ")): \(by) claimed it first on the sync topic")
            return false
        }
        // Of the stand-ins for this desktop (when_away), the first that takes it is enough; a
        // rule's own channels are each sent to, and what one refuses is tried again later.
        var delivered = false
        for name in route.channels {
            let standsIn = route.fallbackFrom.contains(name)
            if delivered && standsIn { continue }
            guard let channel = channelBook.channel(name) else { continue }
            switch await sendToChannel(alert, channel, now: now) {
            case .success:
                if standsIn { delivered = true }
            case .failure(let failure):
                if !standsIn {
                    channelBook.keepForLater(
                        ChannelParcel(channel: name, alert: alert, failedAt: now, error: failure.description), store: store, logger: logger)
                }
            }
        }
        if delivered, !route.desktop { person.recordSentAway(alert, store: store, logger: logger) }
        if !delivered, !route.desktop, let first = route.fallbackFrom.first {
            logger.warning("no channel took \(alert.rule) \(alert.key); shown on this desktop instead")
            historySays(alert, went: sink.name, not: "channel \(first)", at: now)
        }
        return delivered && !route.desktop
    }

    /// Sends to one channel; says a failure once (and the recovery once).
    func sendToChannel(_ alert: Alert, _ channel: ChannelSettings, now: Date) async -> Result<String, ChannelSender.Failure> {
        let result = await elsewhere.channels.send(alert, to: channel)
        let notice: Alert?
        switch result {
        case .success(let answer):
            logger.debug("sent \(alert.rule) \(alert.key) to channel \(channel.name): \(answer)")
            notice = channelBook.sent(alert, via: channel, now: now, store: store, logger: logger)
        case .failure(let failure):
            logger.error("channel \(channel.name): \(failure)")
            notice = channelBook.failed(channel.name, failure.description, now: now, store: store, logger: logger)
        }
        if let notice { await tell(notice, now: now) }
        return result
    }

    /// Tries again what channels refused and is due: each parcel goes out once, or waits longer,
    /// or after a day is given up with a line in the log.
    func retryChannelParcels(now: Date) async {
        guard let store, let parcels = channelBook.parcelsIfDue(now: now, store: store, logger: logger) else { return }
        var later: Date?
        for (id, parcel) in parcels {
            guard parcel.isDue(now) else {
                later = min(later ?? parcel.nextTry, parcel.nextTry)
                continue
            }
            var left: ChannelParcel?
            if let channel = channelBook.channel(parcel.channel), case .failure(let failure) = await sendToChannel(parcel.alert, channel, now: now) {
                left = parcel.failedAgain(at: now, error: failure.description)
                if left == nil {
                    logger.error(
                        "gave up sending \(parcel.alert.rule) \(parcel.alert.key) to channel \(parcel.channel) after \(parcel.attempts + 1) tries: \(failure)")
                }
            }
            // A channel no longer in the config takes nothing: the parcel goes.
            _ = StoreProblems.attempt("the channels' parcels", logger: logger) { try store.settleChannelParcel(id, with: left) }
            if let left { later = min(later ?? left.nextTry, left.nextTry) }
        }
        channelBook.parcelsRetried(nextTry: later)
    }

    /// Clears the phone's message of each subject that resolved without a word, as its bubble
    /// here is closed.
    func clearResolvedOnChannels(_ records: [SubjectKey: SubjectRecord], alerts: [Alert], now: Date) async {
        let messages = channelBook.messagesToClear(records, alerts: alerts, store: store, logger: logger)
        guard !messages.isEmpty else { return }
        let clearing = ChannelClearing(poster: elsewhere.channels, channels: channelBook.channels, store: store, logger: logger)
        for (key, sent) in messages { await clearing.clear(sent, of: key) }
    }

    /// The history rows written for a channel say where the alert went in the end.
    func historySays(_ alert: Alert, went actual: String, not planned: String, at time: Date) {
        let rows = alert.members?.isEmpty == false ? [alert] + alert.individualAlerts : [alert]
        for row in rows {
            _ = StoreProblems.attempt("the history", logger: logger) {
                try store?.reSink(rule: row.rule, key: row.key, at: time, from: planned, to: actual)
            }
        }
    }

    private func tell(_ notice: Alert, now: Date) async {
        do {
            try await sink.deliver(notice, at: now)
        } catch {
            logger.error("\(notice.title): \(error)")
        }
    }
}
