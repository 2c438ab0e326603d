import Foundation
import Logging
import NotifierCore
import NotifierEngine

/// The person's channels as delivery keeps them between sends: which there are, where each
/// alert always goes too, the messages up on them by subject (read once, to clear a phone's
/// message when its subject resolves), and when the first parcel a channel refused is due again.
/// The dispatcher sends; this says what to keep and what to tell.
package struct ChannelBook: Sendable {
    package let channels: [ChannelSettings]
    /// The channels each alert always goes to as well, from its rule's settings.
    package let alsoTo: @Sendable (Alert) -> [String]
    /// When the first parcel a channel refused is due again; `nil`: none waits.
    package private(set) var nextParcelTry: Date?
    private var messages: [SubjectKey: [String: String]]?

    package init(channels: [ChannelSettings], alsoTo: @escaping @Sendable (Alert) -> [String], store: Store?, logger: Logger) {
        self.channels = channels
        self.alsoTo = alsoTo
        if !channels.isEmpty {
            nextParcelTry = StoreProblems.attempt("the channels' parcels", logger: logger) { try store?.nextChannelParcelTry() } ?? nil
        }
    }

    package func channel(_ name: String) -> ChannelSettings? { channels.first { $0.name == name } }

    /// After a send that worked: an ntfy message kept by subject so that its resolution can
    /// clear it; what to tell if the channel works again.
    package mutating func sent(_ alert: Alert, via channel: ChannelSettings, now: Date, store: Store?, logger: Logger) -> Alert? {
        if channel.kind == .ntfy, let subject = alert.subject {
            let key = SubjectKey(rule: alert.rule, subject: subject)
            let sequenceID = ChannelMessage(alert).sequenceID
            if loadedMessages(store: store, logger: logger)[key]?[channel.name] != sequenceID {
                messages?[key, default: [:]][channel.name] = sequenceID
                _ = StoreProblems.attempt("the channels' messages", logger: logger) {
                    try store?.rememberChannelMessage(channel.name, key: key, sequenceID: sequenceID, at: now)
                }
            }
        }
        let was = StoreProblems.attempt("the channels' state", logger: logger) { try store?.channelWorked(channel.name) } ?? nil
        return was == true ? Self.notice(channel.name, failing: nil) : nil
    }

    /// After a send that failed: what to tell, the first time it fails.
    package func failed(_ name: String, _ error: String, now: Date, store: Store?, logger: Logger) -> Alert? {
        let first = StoreProblems.attempt("the channels' state", logger: logger) { try store?.channelFailed(name, error: error, now: now) } ?? nil
        return first == true ? Self.notice(name, failing: error) : nil
    }

    /// Keeps what a channel refused, for a later try; without a store (a replay) it is dropped.
    package mutating func keepForLater(_ parcel: ChannelParcel, store: Store?, logger: Logger) {
        logger.info("channel \(parcel.channel) will be tried again for \(parcel.alert.rule) \(parcel.alert.key)")
        guard StoreProblems.attempt("the channels' parcels", logger: logger, { try store?.addChannelParcel(parcel) }) != nil else { return }
        nextParcelTry = min(nextParcelTry ?? parcel.nextTry, parcel.nextTry)
    }

    /// The parcels kept, once the first is due; `nil` when none is.
    package func parcelsIfDue(now: Date, store: Store, logger: Logger) -> [(Int64, ChannelParcel)]? {
        guard let next = nextParcelTry, next <= now else { return nil }
        return StoreProblems.attempt("the channels' parcels", logger: logger) { try store.channelParcels() } ?? []
    }

    /// When the parcels left after a retry are due.
    package mutating func parcelsRetried(nextTry: Date?) { nextParcelTry = nextTry }

    /// The messages to clear, by subject: those of subjects that resolved without a word, as
    /// their bubbles here are closed; forgotten as they are handed out, so none is cleared twice.
    package mutating func messagesToClear(_ records: [SubjectKey: SubjectRecord], alerts: [Alert], store: Store?, logger: Logger) -> [(
        key: SubjectKey, sent: [String: String]
    )] {
        guard !records.isEmpty, !channels.isEmpty else { return [] }
        let known = loadedMessages(store: store, logger: logger)
        guard !known.isEmpty else { return [] }
        let spoken = Set(alerts.compactMap { alert in alert.subject.map { SubjectKey(rule: alert.rule, subject: $0) } })
        var clearing: [(key: SubjectKey, sent: [String: String])] = []
        for (key, record) in records.sorted(by: { $0.key < $1.key }) {
            guard let sent = known[key], !spoken.contains(key), record.anchor == nil else { continue }
            if case .firing = record.machine.state { continue }
            clearing.append((key, sent))
            messages?[key] = nil
        }
        return clearing
    }

    private mutating func loadedMessages(store: Store?, logger: Logger) -> [SubjectKey: [String: String]] {
        if let messages { return messages }
        let loaded = StoreProblems.attempt("the channels' messages", logger: logger) { try store?.channelMessages() } ?? nil
        messages = loaded ?? [:]
        return messages ?? [:]
    }

    /// A failing channel is told on this desktop once, and once more when it works again.
    package static func notice(_ name: String, failing error: String?) -> Alert {
        Alert(
            rule: "channel", key: name,
            title: error == nil ? "Channel \(name) works again" : "Channel \(name) is failing",
            body: error.map { "\($0)\nNotifications go to the next channel, or to this desktop." } ?? "Notifications reach it again.",
            urgency: error == nil ? .low : .normal, category: "x-notifier.feed", deepLink: .history,
            icon: error == nil ? "network-idle" : "network-error")
    }
}
