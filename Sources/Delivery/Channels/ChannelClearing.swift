import Foundation
import Logging
import NotifierCore
import NotifierEngine

/// Takes a subject's messages off the person's channels (ntfy's, by sequence id: the phone's
/// notification goes away) and forgets them: the one way, for a subject that resolved and for
/// an episode acknowledged.
package struct ChannelClearing: Sendable {
    package let poster: any ChannelPosting
    package let channels: [ChannelSettings]
    package let store: Store?
    package let logger: Logger

    package init(poster: any ChannelPosting, channels: [ChannelSettings], store: Store?, logger: Logger) {
        self.poster = poster
        self.channels = channels
        self.store = store
        self.logger = logger
    }

    /// `sent`: each channel's message of `key` (its name → the sequence id), as the store keeps
    /// them. A channel no longer in the config clears nothing, and its message is forgotten too.
    package func clear(_ sent: [String: String], of key: SubjectKey) async {
        for (name, sequenceID) in sent.sorted(by: { $0.key < $1.key }) {
            if let channel = channels.first(where: { $0.name == name }), let result = await poster.clear(sequenceID: sequenceID, on: channel) {
                switch result {
                case .success(let answer): logger.debug("cleared \(key) on channel \(name): \(answer)")
                case .failure(let failure): logger.warning("could not clear \(key) on channel \(name): \(failure)")
                }
            }
            _ = StoreProblems.attempt("the channels' messages", logger: logger) { try store?.forgetChannelMessage(name, key: key) }
        }
    }
}
