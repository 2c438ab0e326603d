import Logging
import NotifierCore

extension Acknowledger {
    /// The acknowledger a config makes: its channels' messages cleared and, with `[sync]`, the
    /// other machines told, both through `elsewhere`.
    package static func made(by config: Config, store: Store, sink: any AlertSink, elsewhere: Elsewhere, logger: Logger) -> Acknowledger {
        Acknowledger(
            store: store, sink: sink, elsewhere: elsewhere, channels: config.channels, logger: logger,
            tellOthers: SyncLink.tellingOthers(config.sync, store: store, publisher: elsewhere.syncTopic, logger: logger))
    }
}
