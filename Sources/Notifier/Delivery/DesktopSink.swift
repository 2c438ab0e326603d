import Foundation
import Logging
import Rules

/// Desktop bubbles through libnotify.
struct DesktopSink: AlertSink {
    let name = "desktop"
    let notifications: DesktopNotifications
    let images: ImageCache
    let logger: Logger

    func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError) {
        var imagePath: String?
        if let url = alert.imageURL { imagePath = await images.image(for: url, logger: logger) }
        try await notifications.show(alert, imagePath: imagePath)
    }
}

enum SinkFactory {
    /// The sink for `--output`; desktop falls back to the terminal, with one warning, where no
    /// notification server can be reached.
    static func make(_ kind: OutputKind, environment: [String: String], logger: Logger) async -> any AlertSink {
        switch kind {
        case .terminal:
            return TerminalSink(style: .forStandardOutput(environment: environment))
        case .json:
            return JSONLinesSink()
        case .desktop:
            switch await DesktopNotifications.connect() {
            case .success(let notifications):
                logger.debug("notification server: \(notifications.server.name), capabilities: \(notifications.server.capabilities.sorted().joined(separator: " "))")
                return DesktopSink(notifications: notifications, images: ImageCache(paths: XDGPaths(environment: environment)), logger: logger)
            case .failure(let error):
                logger.warning("\(error): showing notifications in the terminal instead")
                return TerminalSink(style: .forStandardOutput(environment: environment))
            }
        }
    }
}
