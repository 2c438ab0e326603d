import Foundation
import Logging
import Rules

/// Desktop bubbles through libnotify.
struct DesktopSink: AlertSink {
    let name = "desktop"
    let notifications: DesktopNotifications
    /// `nil` when `delivery.images` is off.
    let images: ImageCache?
    let logger: Logger

    func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError) {
        var imagePath: String?
        if let url = alert.imageURL, let images { imagePath = await images.image(for: url, logger: logger) }
        try await notifications.show(alert, imagePath: imagePath)
    }

    /// Alerts `notifier --once` handed to the daemon: shown, not recorded again (the sender
    /// recorded them). Returns how many were shown.
    func showHandedOff(_ alerts: [Alert]) async -> Int {
        var shown = 0
        for alert in alerts {
            do {
                try await deliver(alert, at: Date())
                shown += 1
            } catch {
                logger.error("\(alert.rule) \(alert.key) from notifier --once: \(error)")
            }
        }
        logger.info("showed \(shown) notification(s) handed over by notifier --once")
        return shown
    }
}

/// `--once` with a daemon running: the daemon shows the bubbles, so their clicks reach a process
/// that is still there; without one, this process shows them itself.
struct HandOffSink: AlertSink {
    let name = "desktop"
    let local: DesktopSink

    func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError) {
        if await DaemonBus.handOff([alert]) {
            local.logger.debug("handed \(alert.rule) \(alert.key) to the running daemon")
            return
        }
        try await local.deliver(alert, at: time)
    }
}

enum SinkFactory {
    /// The sink for `--output`; desktop falls back to the terminal, with one warning, where no
    /// notification server can be reached.
    /// `handOff`: bubbles go to a running daemon where there is one (`--once`).
    static func make(_ kind: OutputKind, environment: [String: String], logger: Logger, handOff: Bool = false,
                     images: Bool = true) async -> any AlertSink {
        switch kind {
        case .terminal:
            return TerminalSink(style: .forStandardOutput(environment: environment))
        case .json:
            return JSONLinesSink()
        case .desktop:
            switch await DesktopNotifications.connect() {
            case .success(let notifications):
                logger.debug("notification server: \(notifications.server.name), capabilities: \(notifications.server.capabilities.sorted().joined(separator: " "))")
                let sink = DesktopSink(notifications: notifications, images: images ? ImageCache(paths: XDGPaths(environment: environment)) : nil, logger: logger)
                return handOff ? HandOffSink(local: sink) : sink
            case .failure(let error):
                logger.warning("\(error): showing notifications in the terminal instead")
                return TerminalSink(style: .forStandardOutput(environment: environment))
            }
        }
    }
}
