import NotifierCore
import NotifierEngine

/// Sends an alert to one of the person's channels, and clears what a channel shows: the
/// network's `ChannelSender`, or a dry run's recorder, which notes it instead.
package protocol ChannelPosting: Sendable {
    /// Returns what the channel's server answered.
    func send(_ alert: Alert, to channel: ChannelSettings) async -> Result<String, ChannelSender.Failure>
    /// Clears a message a channel shows (ntfy, by sequence id); `nil` where it cannot.
    func clear(sequenceID: String, on channel: ChannelSettings) async -> Result<String, ChannelSender.Failure>?
}

extension ChannelSender: ChannelPosting {
    package func send(_ alert: Alert, to channel: ChannelSettings) async -> Result<String, Failure> {
        await send(ChannelMessage(alert), via: channel)
    }

    package func clear(sequenceID: String, on channel: ChannelSettings) async -> Result<String, Failure>? {
        await clear(sequenceID: sequenceID, via: channel)
    }
}
