/// Where delivery reaches beyond this desktop's bubbles: the person's channels and the `[sync]`
/// topic, passed in by whoever makes the dispatcher: the program the network's, a dry run its
/// recorder, a replay a topic nobody hears.
package struct Elsewhere: Sendable {
    package var channels: any ChannelPosting
    package var syncTopic: any SyncPublishing

    package init(channels: any ChannelPosting, syncTopic: any SyncPublishing) {
        self.channels = channels
        self.syncTopic = syncTopic
    }

    /// Over the network: ntfy, mail, Apprise and commands, and the sync topic over HTTP.
    package static let network = Elsewhere(channels: ChannelSender.shared, syncTopic: SyncTopic.shared)
}
