import ArgumentParser
import Foundation
import Logging
import NotifierCore
import NotifierDelivery
import NotifierEngine
import NotifierSystem
import ServiceLifecycle

/// The daemon as a swift-service-lifecycle service: it runs until SIGINT or SIGTERM.
package struct DaemonService: Service, CustomStringConvertible {
    package let runner: Runner

    /// What the service group's debug lines name it by: no field, for its runner holds the
    /// environment and the config's keys.
    package var description: String { "DaemonService" }

    package func run() async throws {
        let store: Store
        do {
            store = try runner.context.openStore()
            try store.checkWritable()
        } catch {
            runner.logger.error("\(error); \(PassGuard.withoutStore)")
            throw ExitCode(Exit.failure)
        }
        let sink = await SinkFactory.make(
            runner.output, environment: runner.context.environment, logger: runner.logger, style: BubbleStyle(feeds: runner.context.program.feeds),
            images: runner.context.config.delivery.images)
        // Trapped for the daemon's whole life: between two reloads a SIGHUP must not kill it.
        let hangups = SystemWatch.shared.signals([SIGHUP])
        // Only the newest pending config matters: a burst of reloads is one restart.
        let (reloads, reloaded) = AsyncStream.makeStream(of: Runner.self, bufferingPolicy: .bufferingNewest(1))
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    var current = runner
                    for await _ in hangups {
                        switch current.context.reloaded() {
                        case .success(let context) where context.config == current.context.config && context.configFile == current.context.configFile:
                            // Unchanged: the feeds keep their schedules (a SIGHUP storm restarted
                            // every poll from zero: 201 requests in 12 s).
                            runner.logger.debug("config unchanged; nothing restarted")
                        case .success(let context):
                            current = current.with(context)
                            reloaded.yield(current)
                        case .failure(let error):
                            runner.logger.error("config not reloaded, keeping the previous one: \(error)")
                        }
                    }
                    reloaded.finish()
                }
                let pacing = FeedPacing()
                let pollRequests = PollRequests()
                let fetchRequests = FetchRequests()
                group.addTask {
                    // Each config runs its own generation of feed loops; a reload ends the old
                    // one and starts the next. The launch country is shown once, not per reload.
                    var current = runner
                    var launch = true
                    var next = reloads.makeAsyncIterator()
                    while !Task.isCancelled {
                        let generation = Task { [current, launch] in
                            await runGeneration(
                                current, store: store, sink: sink, launch: launch, pacing: pacing, pollRequests: pollRequests, fetchRequests: fetchRequests)
                        }
                        launch = false
                        let replacement = await withTaskCancellationHandler {
                            await next.next()
                        } onCancel: {
                            generation.cancel()
                        }
                        generation.cancel()
                        await generation.value
                        guard let replacement else { break }
                        current = replacement
                        runner.logger.info("config reloaded from \(current.context.configFile ?? "built-in defaults")")
                    }
                }
                if let desktop = sink as? DesktopSink {
                    group.addTask { await handleClicks(desktop, store: store) }
                    // Found by `notifier --once`, which hands its bubbles over.
                    // And asked by a live screen to poll a feed now (`PollRequests`), by a view
                    // to fetch and keep what it shows (`FetchRequests`).
                    await DaemonBus.serve(
                        catalog: runner.context.program.views.catalog, deliver: desktop.showHandedOff, deliverInPlace: desktop.showHandedOff,
                        poll: { [now = runner.now] feed in await pollRequests.ask(feed, now: now()) },
                        fetch: { feed, request in await fetchRequests.ask(feed, request: request) })
                }
            }
        }
    }

    /// One config's feed loops and deliveries, until cancelled.
    package func runGeneration(
        _ runner: Runner, store: Store?, sink: any AlertSink, launch: Bool, pacing: FeedPacing? = nil, pollRequests: PollRequests? = nil,
        fetchRequests: FetchRequests? = nil
    ) async {
        let elsewhere = Elsewhere.network
        let dispatcher = Dispatcher(
            sink: sink, store: store, config: runner.context.config, logger: runner.logger, paths: runner.context.paths, feeds: runner.feeds,
            elsewhere: elsewhere)
        var pacedEnvironment = runner.environment(store: store, dispatcher: dispatcher, launch: launch)
        pacedEnvironment.pacing = pacing
        pacedEnvironment.pollRequests = pollRequests
        let environment = pacedEnvironment
        let features = DeliveryContext(
            config: runner.context.config, paths: runner.context.paths, store: store, delivery: dispatcher, sink: sink,
            elsewhere: elsewhere, clock: runner.clock, now: runner.now, logger: runner.logger, seed: runner.seed)
        let work = runner.context.program.delivery.compactMap { ($0 as? any DaemonWork)?.work(features) }
        await fetchRequests?.serve(runner.feeds, environment: environment)
        await withDiscardingTaskGroup { group in
            group.addTask { await deliverHeld(dispatcher, runner: runner) }
            for feed in runner.feeds { group.addTask { await feed.pollForever(environment) } }
            for run in work { group.addTask { await run() } }
        }
        await fetchRequests?.stopped()
    }

    /// Held alerts (quiet hours, rate limit), escalation steps and channel retries go out when
    /// they become due, and on start for whatever an earlier run left held. Between, it sleeps
    /// until the next due instant, or until a submission or the person's presence moves it.
    private func deliverHeld(_ dispatcher: Dispatcher, runner: Runner) async {
        let presence = Task {
            while !Task.isCancelled {
                await PresenceSignals.shared.nextChange()
                await dispatcher.dueMoved.nudge()
            }
        }
        // Quiet hours end at a wall-clock time: a clock set moves it.
        let clockSet = Task {
            for await _ in SystemWatch.shared.changes(wallClock: true, directories: [], name: nil) { await dispatcher.dueMoved.nudge() }
        }
        defer {
            presence.cancel()
            clockSet.cancel()
        }
        var previous: Date?
        while !Task.isCancelled {
            // A child task, as a feed's poll is (`FeedLoop`): what its deepest frames took is
            // freed when it ends, not kept by this loop's task for the daemon's life.
            async let delivered: Void = dispatcher.deliverDue(now: runner.now())
            await delivered
            let now = runner.now()
            let next = await dispatcher.nextDueDate(now: now)
            // Still due after a delivery (no server to show it on): tried each second, not in a spin.
            let floor = next.map { $0 <= now && $0 == previous } ?? false ? 1.0 : 0.0
            previous = next
            let wait = next.map { Duration.seconds(max(floor, $0.timeIntervalSince(now))) } ?? Self.longestWait
            await dispatcher.dueMoved.wait(upTo: min(wait, Self.longestWait), clock: runner.clock)
        }
    }

    /// The longest the held-alert loop sleeps with nothing due: whatever moves its next instant
    /// wakes it (a submission, presence, the clock set); this only bounds what nothing announced.
    static let longestWait = Duration.seconds(6 * 3600)

    private func handleClicks(_ desktop: DesktopSink, store: Store?) async {
        let handler = runner.clickHandler(store: store, sink: desktop)
        for await event in desktop.notifications.events {
            switch event {
            case .activated(let action, let target):
                await handler.acknowledgeIfAsked(action, target)
                handler.handle(action, target)
            case .serverVanished: runner.logger.warning("the notification server left the session bus; holding notifications until it is back")
            case .serverAppeared: await desktop.serverReturned()
            case .closed(let id, _):
                // Closed on screen: the next alert about its subject shows a new bubble.
                _ = StoreProblems.attempt("forgetting a closed bubble", logger: runner.logger) {
                    try store?.forgetBubbles(ids: [id], now: runner.now())
                }
            }
        }
    }
}
