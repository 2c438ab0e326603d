import Foundation
import NotifierCore
import NotifierEngine

/// A sink that shows nothing and keeps what it was handed: `notifier test`'s desktop, and the
/// tests'. With `showsBubbles`, each alert shown gets the next bubble id and an update keeps its
/// bubble's, as on a desktop that keeps every bubble, so updates in place are decided as there.
package actor RecordingSink: AlertSink {
    package nonisolated let name: String
    private let showsBubbles: Bool
    private var shown: UInt32 = 0
    package private(set) var alerts: [Alert] = []

    package init(name: String = "recording", showsBubbles: Bool = false) {
        self.name = name
        self.showsBubbles = showsBubbles
    }

    package var titles: [String] { alerts.map(\.title) }

    package func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError) {
        alerts.append(alert)
    }

    package func deliver(_ alert: Alert, replacing: UInt32?, at time: Date) async throws(DeliveryError) -> UInt32? {
        alerts.append(alert)
        guard showsBubbles else { return nil }
        if let replacing { return replacing }
        shown += 1
        return shown
    }

    package func reset() { alerts = [] }
}
