import NotifierCore
import NotifierEngine

/// Publishes on the `[sync]` topic: the network's `SyncTopic`, a dry run's recorder (which
/// notes it), or a replay's, which tells no other machine anything.
package protocol SyncPublishing: Sendable {
    /// Returns the id the server gave the message, if any.
    func publish(_ message: SyncMessage, on sync: SyncSettings) async -> Result<String?, ChannelSender.Failure>
}

extension SyncTopic: SyncPublishing {
    package func publish(_ message: SyncMessage, on sync: SyncSettings) async -> Result<String?, ChannelSender.Failure> {
        await publish(message, to: sync)
    }
}

/// A replay's topic: nothing is published, and no claim is seen, so the replay decides as one
/// machine alone.
package struct UnheardSyncTopic: SyncPublishing {
    package init() {}

    package func publish(_ message: SyncMessage, on sync: SyncSettings) async -> Result<String?, ChannelSender.Failure> {
        .success(nil)
    }
}
