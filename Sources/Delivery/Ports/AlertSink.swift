import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

package enum DeliveryError: Error, CustomStringConvertible {
    case desktop(String)
    case output(String)

    package var description: String {
        switch self {
        case .desktop(let reason): return "desktop notification failed: \(reason)"
        case .output(let reason): return "cannot write the notification: \(reason)"
        }
    }
}

/// Somewhere an alert can be shown.
package protocol AlertSink: Sendable {
    /// As in `--output`: desktop, terminal or json.
    var name: String { get }
    func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError)
    /// Shows `alert`, updating bubble `replacing` in place where the medium has bubbles.
    /// Returns the id of the bubble shown; `nil` where there is none to keep.
    func deliver(_ alert: Alert, replacing: UInt32?, at time: Date) async throws(DeliveryError) -> UInt32?
    /// Closes bubble `id` where the medium has bubbles.
    func close(bubble id: UInt32) async
    /// What was decided, as handed to delivery; a dry run's recorder says what was kept back.
    func decided(_ notes: [DecisionNote]) async
}

extension AlertSink {
    package func deliver(_ alert: Alert, replacing: UInt32?, at time: Date) async throws(DeliveryError) -> UInt32? {
        try await deliver(alert, at: time)
        return nil
    }

    package func close(bubble id: UInt32) async {}

    package func decided(_ notes: [DecisionNote]) async {}
}

package enum OutputKind: String, CaseIterable, Sendable {
    case desktop, terminal, json
}

/// Writes text to standard output, a whole alert at once so concurrent ones never interleave.
package enum StandardOutput {
    private static let lock = NSLock()

    package static func write(_ text: String) throws(DeliveryError) {
        lock.lock()
        defer { lock.unlock() }
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(utf8Of: Redaction.scrub(text)))
        } catch {
            throw .output("\(error)")
        }
    }
}
