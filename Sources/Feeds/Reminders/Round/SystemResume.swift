import CNotify
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem
import Synchronization

/// Resumes from suspend, as logind announces them: `PrepareForSleep(false)` on the system bus
/// (through GIO's GDBus, on the GLib loop's thread). Where there is no system bus the stream
/// stays silent, and the wall-clock checks of the reminders' wait do the work alone.
package final class SystemResume: Sendable {
    package static let shared = SystemResume()

    private let subscribers = Mutex<[UUID: AsyncStream<Void>.Continuation]>([:])
    private let watching = Mutex(false)

    /// A stream of resumes for one waiter; it ends when the waiter stops listening. Returns
    /// once logind is watched (`true`), or found absent.
    package func resumes() async -> (stream: AsyncStream<Void>, watching: Bool) {
        let watching = await startWatching()
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in _ = self?.subscribers.withLock { $0.removeValue(forKey: id) } }
        return (stream, watching)
    }

    fileprivate func resumed() {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield() }
    }

    private let subscribed = Mutex<Bool?>(nil)

    private func startWatching() async -> Bool {
        let first = watching.withLock { value -> Bool in
            defer { value = true }
            return !value
        }
        guard first else { return subscribed.withLock { $0 } ?? false }
        GLibLoop.shared.start()
        let result = await GLibLoop.shared.run { () -> Bool in
            var error: UnsafeMutablePointer<GError>?
            guard let connection = g_bus_get_sync(G_BUS_TYPE_SYSTEM, nil, &error) else {
                if error != nil { g_error_free(error) }
                return false
            }
            // Kept for the process's life, as the subscription is.
            _ = g_dbus_connection_signal_subscribe(
                connection, "org.freedesktop.login1", "org.freedesktop.login1.Manager", "PrepareForSleep",
                "/org/freedesktop/login1", nil, G_DBUS_SIGNAL_FLAGS_NONE,
                { _, _, _, _, _, parameters, _ in
                    guard let parameters, g_variant_n_children(parameters) == 1 else { return }
                    let child = g_variant_get_child_value(parameters, 0)
                    defer { g_variant_unref(child) }
                    guard let type = g_variant_get_type_string(child), String(cString: type) == "b" else { return }
                    if g_variant_get_boolean(child) == 0 { SystemResume.shared.resumed() }
                }, nil, nil)
            return true
        }
        subscribed.withLock { $0 = result }
        return result
    }
}
