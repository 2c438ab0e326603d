import NotifierCore

/// Sync: its tables, `[sync]`, and the topic's follower in the daemon.
package struct SyncFeature: DaemonWork {
    package let name = "sync"
    package var storeMigrations: [StoreMigration] { [Store.syncMigration] }
    package var configSections: [ConfigSectionEntry] { [ConfigSectionEntry(\.sync, in: .sync)] }

    package func configCheck(_ config: Config, schema: ConfigSchema) -> (key: String, message: String)? {
        config.syncTopicProblem()
    }

    package func configReview(_ config: Config, file: String, lines: TOMLKeyLines) throws(ConfigError) -> [String] {
        try config.syncReview(file: file, lines: lines)
    }

    package func work(_ context: DeliveryContext) -> (@Sendable () async -> Void)? {
        guard
            let follower = SyncFollower.make(
                config: context.config, store: context.store, sink: context.sink, elsewhere: context.elsewhere, clock: context.clock,
                now: context.now, logger: context.logger)
        else { return nil }
        return { [seed = context.seed] in await follower.followForever(seed: seed) }
    }
}
