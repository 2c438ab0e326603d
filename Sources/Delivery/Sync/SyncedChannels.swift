import Foundation
import NotifierCore
import NotifierEngine

extension Config {
    /// The channels as delivery uses them: with `[sync]`, an ntfy channel's message for an
    /// episode that waits for an acknowledgement offers the phone's Acknowledge button (with the
    /// proof the key gives it, where there is one).
    package func channels(acknowledgingVia link: SyncLink?) -> [ChannelSettings] {
        guard let link else { return channels }
        return channels.map { channel in
            var channel = channel
            if channel.kind == .ntfy {
                channel.acknowledgeVia = link.settings.ntfy
                channel.acknowledgeSeal = link.seal
            }
            return channel
        }
    }
}
