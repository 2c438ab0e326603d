import Foundation
import Logging
import NotifierCore
import NotifierSystem

/// What a delivery feature's daemon work is given, for one config's generation: the config, the
/// store, where alerts go (the dispatcher, as a feed hands them over) and its sink, what reaches
/// beyond this desktop, the clock and the time.
package struct DeliveryContext: Sendable {
    package var config: Config
    package var paths: XDGPaths
    package var store: Store?
    package var delivery: any AlertDelivery
    package var sink: any AlertSink
    package var elsewhere: Elsewhere
    package var clock: any Clock<Duration>
    package var now: @Sendable () -> Date
    package var logger: Logger
    /// `--seed`, for what waits a random while (the sync topic's reconnects).
    package var seed: UInt64?

    package init(
        config: Config, paths: XDGPaths, store: Store?, delivery: any AlertDelivery, sink: any AlertSink, elsewhere: Elsewhere,
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date, logger: Logger, seed: UInt64?
    ) {
        self.config = config
        self.paths = paths
        self.store = store
        self.delivery = delivery
        self.sink = sink
        self.elsewhere = elsewhere
        self.clock = clock
        self.now = now
        self.logger = logger
        self.seed = seed
    }
}

/// A delivery feature that works in the daemon beside the feeds (the sync topic's follower, the
/// history's pruning, the digest): the daemon runs `work` for each config's generation and
/// cancels it at a reload or the end.
package protocol DaemonWork: DeliveryFeature {
    /// What to run, until cancelled; `nil` when the config leaves the feature off.
    func work(_ context: DeliveryContext) -> (@Sendable () async -> Void)?
}
