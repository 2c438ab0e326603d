import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem
import Synchronization

/// Desktop bubbles through libnotify.
package struct DesktopSink: AlertSink {
    package let name = "desktop"
    package let notifications: DesktopNotifications
    /// `nil` when `delivery.images` is off.
    package let images: ImageCache?
    package let logger: Logger
    /// What could not be shown while the server was away, shown when it is back.
    package let held = HeldAlerts()

    package func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError) {
        _ = try await deliver(alert, replacing: nil, at: time)
    }

    package func deliver(_ alert: Alert, replacing: UInt32?, at time: Date) async throws(DeliveryError) -> UInt32? {
        try await showOrHold(alert, replacing: replacing)
    }

    /// Shown now or held: a bubble carries no time of ours, so the delivery time goes unused.
    private func showOrHold(_ alert: Alert, replacing: UInt32?) async throws(DeliveryError) -> UInt32? {
        do {
            return try await show(alert, replacing: replacing)
        } catch {
            await held.hold(alert)
            throw .desktop("\(error); held until the notification server is back")
        }
    }

    /// Shows it now, or throws; nothing is held. Returns the bubble's id once the server answered.
    /// `lateFailure`: told if a request the server left unanswered fails after all.
    @discardableResult
    package func show(
        _ alert: Alert, replacing: UInt32? = nil, lateFailure: (@Sendable (String) -> Void)? = nil
    ) async throws(DeliveryError) -> UInt32? {
        var imagePath: String?
        if let url = alert.imageURL, let images { imagePath = await images.image(for: url, logger: logger) }
        let wasSlow = notifications.serverIsSlow
        let id = try await notifications.show(alert, imagePath: imagePath, replacing: replacing, lateFailure: lateFailure)
        if id == nil && !wasSlow {
            logger.warning(
                "the notification server has not answered in \(BoundedShow.bound.components.seconds) s; notifications are sent without waiting for it")
        }
        return id
    }

    package func close(bubble id: UInt32) async {
        if let failure = await notifications.close(id: id) { logger.debug("closing bubble \(id): \(failure)") }
    }

    /// One alert `notifier --once` handed over to update bubble `replacing` in place: shown,
    /// not recorded again. Returns the bubble's id, 0 when it has none (not shown, or unanswered).
    package func showHandedOff(_ alert: Alert, replacing: UInt32?) async -> UInt32 {
        do {
            let id = try await showOrHold(alert, replacing: replacing) ?? 0
            logger.info("showed 1 notification(s) handed over by notifier --once")
            return id
        } catch {
            logger.error("\(alert.rule) \(alert.key) from notifier --once: \(error)")
            return 0
        }
    }

    /// The server is back: what was held goes out now; what fails again stays held.
    package func serverReturned() async {
        let alerts = await held.takeAll()
        guard !alerts.isEmpty else { return }
        logger.info("notification server is back: showing \(alerts.count) held notification(s)")
        for alert in alerts {
            do {
                try await show(alert)
            } catch {
                await held.hold(alert)
                logger.error("\(alert.rule) \(alert.key): \(error)")
            }
        }
    }

    /// Alerts `notifier --once` handed to the daemon: shown, not recorded again (the sender
    /// recorded them). Returns how many were shown.
    package func showHandedOff(_ alerts: [Alert]) async -> Int {
        var shown = 0
        for alert in alerts {
            do {
                _ = try await showOrHold(alert, replacing: nil)
                shown += 1
            } catch {
                logger.error("\(alert.rule) \(alert.key) from notifier --once: \(error)")
            }
        }
        logger.info("showed \(shown) notification(s) handed over by notifier --once")
        return shown
    }
}

/// Alerts waiting for a notification server: the newest `limit`, so an absent server for days
/// does not grow it without end.
package actor HeldAlerts {
    package static let limit = 50
    private var alerts: [Alert] = []

    package func hold(_ alert: Alert) {
        alerts.append(alert)
        if alerts.count > Self.limit { alerts.removeFirst(alerts.count - Self.limit) }
    }

    package func takeAll() -> [Alert] {
        defer { alerts = [] }
        return alerts
    }
}

/// `--once` with a daemon running: the daemon shows the bubbles, so their clicks reach a process
/// that is still there; without one, this process shows them itself. Where the notification
/// server fails it (it was killed mid-pass), the alert is printed on the terminal instead:
/// `--once` exits at the end of its pass, so holding it "until the server is back" would mean
/// never showing it.
package struct HandOffSink: AlertSink {
    package let name = "desktop"
    package let local: DesktopSink
    package var fallback: any AlertSink = TerminalSink(style: TerminalStyle(enabled: false))
    /// Bubbles sent to a server that did not answer in time and then failed them (it went
    /// away): printed on the terminal at the end of the pass, as a refused one is at once.
    private let lateFailures = LateFailures()

    package func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError) {
        _ = try await deliver(alert, replacing: nil, at: time)
    }

    package func deliver(_ alert: Alert, replacing: UInt32?, at time: Date) async throws(DeliveryError) -> UInt32? {
        if case .taken(let id) = await DaemonBus.handOff(alert, replacing: replacing) {
            local.logger.debug("handed \(alert.rule) \(alert.key) to the running daemon")
            return id
        }
        do {
            let lateFailures = lateFailures
            return try await local.show(alert, replacing: replacing) { message in lateFailures.add(alert, at: time, message) }
        } catch {
            local.logger.warning("\(error); shown in the terminal instead")
            try await fallback.deliver(alert, at: time)
            return nil
        }
    }

    /// The end of `--once`: waits (at most `limit`) for requests still going to the server,
    /// then prints those it failed after all.
    package func settle(within limit: Duration, clock: any Clock<Duration>) async {
        await BoundedShow.settle(within: limit, clock: clock)
        for failed in lateFailures.takeAll() {
            local.logger.warning("\(DeliveryError.desktop(failed.message)); shown in the terminal instead")
            try? await fallback.deliver(failed.alert, at: failed.at)
        }
    }

    /// `CloseNotification` may come from any connection: this process closes it itself.
    package func close(bubble id: UInt32) async {
        await local.close(bubble: id)
    }
}

private final class LateFailures: Sendable {
    struct Failure {
        let alert: Alert
        let at: Date
        let message: String
    }

    private let failures = Mutex<[Failure]>([])

    func add(_ alert: Alert, at time: Date, _ message: String) { failures.withLock { $0.append(Failure(alert: alert, at: time, message: message)) } }

    func takeAll() -> [Failure] {
        failures.withLock { failures in
            defer { failures = [] }
            return failures
        }
    }
}

package enum SinkFactory {
    /// The sink for `--output`; desktop falls back to the terminal, with one warning, where no
    /// notification server can be reached.
    /// `handOff`: bubbles go to a running daemon where there is one (`--once`).
    /// `terminal`: where what would be written to standard output goes instead (a live
    /// screen's own line, for a terminal that ncurses draws on).
    package static func make(
        _ kind: OutputKind, environment: [String: String], logger: Logger, style: BubbleStyle, handOff: Bool = false,
        images: Bool = true, terminal: (any AlertSink)? = nil
    ) async -> any AlertSink {
        let terminal = terminal ?? TerminalSink(style: .forStandardOutput(environment: environment))
        switch kind {
        case .terminal:
            return terminal
        case .json:
            return JSONLinesSink()
        case .desktop:
            switch await DesktopNotifications.connect(mentionHistory: !handOff, style: style) {
            case .success(let notifications):
                logger.debug(
                    "notification server: \(notifications.server.name), capabilities: \(notifications.server.capabilities.sorted().joined(separator: " "))")
                let sink = DesktopSink(
                    notifications: notifications, images: images ? ImageCache(paths: XDGPaths(environment: environment)) : nil, logger: logger)
                return handOff ? HandOffSink(local: sink, fallback: terminal) : sink
            case .failure(let error):
                logger.warning("\(error): showing notifications in the terminal instead")
                return terminal
            }
        }
    }
}
