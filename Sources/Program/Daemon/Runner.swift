import ArgumentParser
import Foundation
import Logging
import NotifierCore
import NotifierDelivery
import NotifierEngine
import NotifierSystem
import ServiceLifecycle

/// The thin async shell: fetches, asks the rules what to do, delivers, records.
package struct Runner: Sendable {
    package private(set) var context: AppContext
    package let output: OutputKind
    package let seed: UInt64?
    /// The context's, unless a test sets its own.
    package var clock: any Clock<Duration>
    package var now: @Sendable () -> Date
    /// One client for every feed, so each host's connection is reused across polls.
    package var http = HTTPClient()
    /// The feeds a pass polls: the program's, or a test's own.
    package var feeds: [any FeedKind]
    /// Where a pass's alerts go that would be written to standard output: a live screen's
    /// line (`RoundPoll`); `nil` for standard output.
    package var terminal: (any AlertSink)? = nil

    package init(context: AppContext, output: OutputKind, seed: UInt64?) {
        self.context = context
        self.output = output
        self.seed = seed
        clock = context.time.clock
        now = context.time.now
        feeds = context.program.feeds
    }

    package var logger: Logger { context.logger }

    /// The same runner with another context (a reloaded config).
    package func with(_ context: AppContext) -> Runner {
        var copy = self
        copy.context = context
        return copy
    }

    /// One pass: every enabled feed once, concurrently (the launch country's delay among
    /// them); then deliver. Returns the exit code: 1 when every feed that was polled failed.
    package func runOnce(wait: Duration? = nil) async -> Int32 {
        guard let (passLock, checkedStore) = await PassGuard.begin(context: context, clock: clock) else { return Exit.failure }
        checkedStore.writeGate.closeAfterFirstFailure()
        let store: Store? = checkedStore
        let sink = await SinkFactory.make(
            output, environment: context.environment, logger: logger, style: BubbleStyle(feeds: context.program.feeds), handOff: true,
            images: context.config.delivery.images,
            terminal: terminal)
        let dispatcher = Dispatcher(
            sink: sink, store: store, config: context.config, logger: logger, paths: context.paths, feeds: feeds, elsewhere: .network)
        // What the phone or another machine acknowledged since the last look, before deciding.
        await SyncFollower.make(config: context.config, store: store, sink: sink, elsewhere: .network, clock: clock, now: now, logger: logger)?.pollOnce()
        let environment = environment(store: store, dispatcher: dispatcher, launch: true)
        let outcomes = await withTaskGroup(of: FeedOutcome.self, returning: [FeedOutcome].self) { group in
            for feed in feeds { group.addTask { await feed.pollOnce(environment) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        await dispatcher.flushGathering(now: now())
        let polled = outcomes.filter { $0 != .notPolled }
        let recorded = PassGuard.end(store: checkedStore, logger: logger)
        passLock.release() // the decisions are recorded: the next pass may start
        // After the pass, not in it, and a few batches at most; its pauses on the machine's
        // clock, as the daemon's (a test's clock is for what the test moves).
        if recorded, let store {
            _ = await HistoryPruner(store: store, keepDays: context.config.history.deliveryDays, clock: ContinuousClock(), logger: logger)
                .prune(now: now(), batches: 10)
        }
        if let wait, let local = (sink as? HandOffSink)?.local {
            await ClickWait(runner: self, store: store, sink: local).serve(local.notifications, for: wait)
        }
        // Requests to a slow notification server reach the bus before the process ends.
        if let handOff = sink as? HandOffSink { await handOff.settle(within: .seconds(1), clock: clock) }
        return !recorded || (!polled.isEmpty && polled.allSatisfy { $0 == .failed }) ? Exit.failure : 0
    }

    /// What `--once` would deliver, and why: the same pass, each feed in the program's order,
    /// against a scratch copy of the store (its writes dropped with it), through the real
    /// dispatcher to a sink that records what it is handed. Nothing is delivered or written.
    package func dryRun() async {
        try? StandardOutput.write(await dryRunReport().text)
    }

    package func dryRunReport() async -> DryRunReport {
        let store = Store.scratchCopy(of: context.paths.storePath, now: now(), migrations: context.program.storeMigrations)
        let decidedBefore = (try? store.lastDecisionID()) ?? 0
        let recorder = DryRunRecorder()
        // It sends, clears and publishes nothing: the recorder says what it would have.
        let dispatcher = Dispatcher(
            sink: recorder, store: store, config: context.config, logger: logger, paths: context.paths, feeds: feeds,
            elsewhere: Elsewhere(channels: recorder, syncTopic: recorder))
        let environment = environment(store: store, dispatcher: dispatcher, launch: true, recorder: recorder)
        for feed in feeds { _ = await feed.pollOnce(environment) }
        await dispatcher.flushGathering(now: now())
        // What delivery holds, and what it dropped (noted in the store as for `why`): the
        // dispatcher's; held alerts with no engine subject (the launch country) have no note.
        for (alert, detail) in await dispatcher.held { await recorder.held(alert, because: detail) }
        if let decided = try? store.decisions(after: decidedBefore) { await recorder.dropped(decided.notes) }
        return await recorder.report
    }

    /// What a feed round is given, for one run or one daemon generation.
    package func environment(store: Store?, dispatcher: Dispatcher, launch: Bool, recorder: DryRunRecorder? = nil) -> FeedEnvironment {
        FeedEnvironment(
            config: context.config, paths: context.paths, http: http, clock: clock, now: now, logger: logger,
            store: store, delivery: dispatcher,
            engine: StoredEngine(store: store, logger: logger, updatesBubbles: context.config.delivery.updateInPlace),
            seed: seed, launch: launch, recorder: recorder)
    }

    package func runDaemon() async throws {
        let lock: DaemonLock
        do {
            lock = try DaemonLock(stateDirectory: context.paths.stateHome + "/notifier")
        } catch {
            if case .cannotOpen = error { logger.error("\(error); \(PassGuard.withoutStore)") } else { logger.error("\(error)") }
            throw ExitCode(Exit.failure)
        }
        defer { lock.release() } // also keeps the lock alive until the daemon stops
        let service = DaemonService(runner: self)
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup, serviceName: service.description)],
                logger: logger))
        // SIGTERM and SIGINT through `SystemWatch`, not the group's own signal sources, which
        // would start libdispatch's threads (and their one-second monitor).
        let endings = SystemWatch.shared.signals([SIGTERM, SIGINT])
        logger.info("daemon started; config: \(context.configFile ?? "built-in defaults")")
        let ending = Task {
            for await _ in endings {
                await group.triggerGracefulShutdown()
                return
            }
        }
        defer { ending.cancel() }
        try await group.run()
        logger.info("daemon stopped")
    }
}
