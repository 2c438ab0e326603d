import NotifierCore

/// History: its full-text index, and its pruning in the daemon.
package struct HistoryFeature: DaemonWork {
    package let name = "history"
    package var storeMigrations: [StoreMigration] { [Store.historySearchMigration] }

    package func work(_ context: DeliveryContext) -> (@Sendable () async -> Void)? {
        guard let store = context.store else { return nil }
        // Housekeeping waits on the machine's own clock: a test's clock moves to the deadlines
        // of what it tests, and a six-hourly sleep is none of them.
        let pruner = HistoryPruner(store: store, keepDays: context.config.history.deliveryDays, clock: ContinuousClock(), logger: context.logger)
        return { [now = context.now] in await pruner.pruneForever(now: now) }
    }
}
