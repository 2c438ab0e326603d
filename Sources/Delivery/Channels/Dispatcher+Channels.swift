import Foundation
import NotifierCore
import NotifierEngine

/// The person's channels as delivery uses them: one send with its notices, what a channel
/// refused kept and tried again with backoff, a phone's message cleared once its subject resolved.
extension Dispatcher {
    /// Sends to one channel; says a failure once (and the recovery once); remembers an ntfy
    /// message by subject so that its resolution can clear it.
    package func sendToChannel(_ alert: Alert, _ channel: ChannelSettings, now: Date) async -> Result<String, ChannelSender.Failure> {
        let result = await elsewhere.channels.send(alert, to: channel)
        switch result {
        case .success(let answer):
            logger.debug("sent \(alert.rule) \(alert.key) to channel \(channel.name): \(answer)")
            await channelWorked(channel.name, now: now)
            if channel.kind == .ntfy, let subject = alert.subject {
                let key = SubjectKey(rule: alert.rule, subject: subject)
                let sequenceID = ChannelMessage(alert).sequenceID
                if loadedChannelMessages()[key]?[channel.name] != sequenceID {
                    channelMessages?[key, default: [:]][channel.name] = sequenceID
                    _ = StoreProblems.attempt("the channels' messages", logger: logger) {
                        try store?.rememberChannelMessage(channel.name, key: key, sequenceID: sequenceID, at: now)
                    }
                }
            }
        case .failure(let failure):
            logger.error("channel \(channel.name): \(failure)")
            await channelFailed(channel.name, failure.description, now: now)
        }
        return result
    }

    /// Keeps what a channel refused, for a later try; without a store (a replay) it is dropped.
    package func keepForLater(_ parcel: ChannelParcel) {
        logger.info("channel \(parcel.channel) will be tried again for \(parcel.alert.rule) \(parcel.alert.key)")
        guard StoreProblems.attempt("the channels' parcels", logger: logger, { try store?.addChannelParcel(parcel) }) != nil else { return }
        nextParcelTry = min(nextParcelTry ?? parcel.nextTry, parcel.nextTry)
    }

    /// Tries again what channels refused and is due: each parcel goes out once, or waits longer,
    /// or after a day is given up with a line in the log.
    package func retryChannelParcels(now: Date) async {
        guard let store, let next = nextParcelTry, next <= now else { return }
        let parcels = StoreProblems.attempt("the channels' parcels", logger: logger) { try store.channelParcels() } ?? []
        var later: Date?
        for (id, parcel) in parcels {
            guard parcel.isDue(now) else {
                later = min(later ?? parcel.nextTry, parcel.nextTry)
                continue
            }
            var left: ChannelParcel?
            if let channel = channels.first(where: { $0.name == parcel.channel }),
                case .failure(let failure) = await sendToChannel(parcel.alert, channel, now: now)
            {
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
        nextParcelTry = later
    }

    /// Clears the phone's message of each subject that resolved without a word, as its bubble
    /// here is closed.
    package func clearResolvedOnChannels(_ records: [SubjectKey: SubjectRecord], alerts: [Alert], now: Date) async {
        guard !records.isEmpty, !channels.isEmpty else { return }
        let messages = loadedChannelMessages()
        guard !messages.isEmpty else { return }
        let spoken = Set(alerts.compactMap { alert in alert.subject.map { SubjectKey(rule: alert.rule, subject: $0) } })
        let clearing = ChannelClearing(poster: elsewhere.channels, channels: channels, store: store, logger: logger)
        for (key, record) in records.sorted(by: { $0.key < $1.key }) {
            guard let sent = messages[key], !spoken.contains(key), record.anchor == nil else { continue }
            if case .firing = record.machine.state { continue }
            await clearing.clear(sent, of: key)
            for name in sent.keys { channelMessages?[key]?[name] = nil }
            if channelMessages?[key]?.isEmpty == true { channelMessages?[key] = nil }
        }
    }

    /// The messages up on channels, read from the store once.
    private func loadedChannelMessages() -> [SubjectKey: [String: String]] {
        if let channelMessages { return channelMessages }
        let loaded = StoreProblems.attempt("the channels' messages", logger: logger) { try store?.channelMessages() } ?? nil
        channelMessages = loaded ?? [:]
        return channelMessages ?? [:]
    }

    /// The history rows written for a channel say where the alert went in the end.
    package func historySays(_ alert: Alert, went actual: String, not planned: String, at time: Date) {
        let rows = alert.members?.isEmpty == false ? [alert] + alert.individualAlerts : [alert]
        for row in rows {
            _ = StoreProblems.attempt("the history", logger: logger) {
                try store?.reSink(rule: row.rule, key: row.key, at: time, from: planned, to: actual)
            }
        }
    }
}

extension Dispatcher {
    /// A failing channel is told on this desktop once, and once more when it works again.
    package func channelFailed(_ name: String, _ error: String, now: Date) async {
        let first = StoreProblems.attempt("the channels' state", logger: logger) { try store?.channelFailed(name, error: error, now: now) } ?? nil
        guard first == true else { return }
        await tell(Self.channelNotice(name, failing: error), now: now)
    }

    package func channelWorked(_ name: String, now: Date) async {
        let was = StoreProblems.attempt("the channels' state", logger: logger) { try store?.channelWorked(name) } ?? nil
        guard was == true else { return }
        await tell(Self.channelNotice(name, failing: nil), now: now)
    }

    private func tell(_ notice: Alert, now: Date) async {
        do {
            try await sink.deliver(notice, at: now)
        } catch {
            logger.error("\(notice.title): \(error)")
        }
    }

    package static func channelNotice(_ name: String, failing error: String?) -> Alert {
        Alert(
            rule: "channel", key: name,
            title: error == nil ? "Channel \(name) works again" : "Channel \(name) is failing",
            body: error.map { "\($0)\nNotifications go to the next channel, or to this desktop." } ?? "Notifications reach it again.",
            urgency: error == nil ? .low : .normal, category: "x-notifier.feed", deepLink: .history,
            icon: error == nil ? "network-idle" : "network-error")
    }
}
