import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

package enum DeliveryError: Error, CustomStringConvertible {
    case desktop(String)
    case output(String)

    package var description: String {
        switch self {
        case .desktop(let reason): return "desktop notification failed: \(reason)"
        case .output(let reason): return "cannot write the notification: \(reason)"
        }
    }
}

/// Somewhere an alert can be shown.
package protocol AlertSink: Sendable {
    /// As in `--output`: desktop, terminal or json.
    var name: String { get }
    func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError)
    /// Shows `alert`, updating bubble `replacing` in place where the medium has bubbles.
    /// Returns the id of the bubble shown; `nil` where there is none to keep.
    func deliver(_ alert: Alert, replacing: UInt32?, at time: Date) async throws(DeliveryError) -> UInt32?
    /// Closes bubble `id` where the medium has bubbles.
    func close(bubble id: UInt32) async
    /// Sends to one of the person's `[[channels]]`; returns what its server answered.
    func send(_ alert: Alert, to channel: ChannelSettings) async -> Result<String, ChannelSender.Failure>
    /// Clears a message a channel shows (ntfy, by sequence id); `nil` where it cannot.
    func clear(sequenceID: String, on channel: ChannelSettings) async -> Result<String, ChannelSender.Failure>?
    /// Publishes on the `[sync]` topic; returns the id the server gave it, if any.
    func publish(_ message: SyncMessage, on sync: SyncSettings) async -> Result<String?, ChannelSender.Failure>
    /// What was decided, as handed to delivery; a dry run's recorder says what was kept back.
    func decided(_ notes: [DecisionNote]) async
}

extension AlertSink {
    package func deliver(_ alert: Alert, replacing: UInt32?, at time: Date) async throws(DeliveryError) -> UInt32? {
        try await deliver(alert, at: time)
        return nil
    }

    package func close(bubble id: UInt32) async {}

    package func decided(_ notes: [DecisionNote]) async {}
}

package enum OutputKind: String, CaseIterable, Sendable {
    case desktop, terminal, json
}

/// Writes text to standard output, a whole alert at once so concurrent ones never interleave.
package enum StandardOutput {
    private static let lock = NSLock()

    package static func write(_ text: String) throws(DeliveryError) {
        lock.lock()
        defer { lock.unlock() }
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(Redaction.scrub(text).utf8))
        } catch {
            throw .output("\(error)")
        }
    }
}

extension AlertSink {
    /// Sends to one of the person's `[[channels]]`; a dry run's recorder notes it instead.
    package func send(_ alert: Alert, to channel: ChannelSettings) async -> Result<String, ChannelSender.Failure> {
        await ChannelSender.shared.send(ChannelMessage(alert), via: channel)
    }

    package func clear(sequenceID: String, on channel: ChannelSettings) async -> Result<String, ChannelSender.Failure>? {
        await ChannelSender.shared.clear(sequenceID: sequenceID, via: channel)
    }

    /// A dry run's recorder notes it instead, and a replay's sink keeps it to itself.
    package func publish(_ message: SyncMessage, on sync: SyncSettings) async -> Result<String?, ChannelSender.Failure> {
        await SyncTopic.shared.publish(message, to: sync)
    }
}
