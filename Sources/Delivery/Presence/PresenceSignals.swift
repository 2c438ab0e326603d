import CNotify
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem
import Synchronization

/// Changes of presence and do-not-disturb as the desktop announces them: logind's
/// `PropertiesChanged` (a session locked, unlocked, idle) on the system bus, and the
/// notification server's (dunst's `paused`, KDE's `Inhibited`) and xfconf's on the session bus.
/// The daemon's delivery loop wakes on them instead of polling; where nothing is announced its
/// minute-long wait is the fallback.
package final class PresenceSignals: Sendable {
    package static let shared = PresenceSignals()

    private let waiters = Mutex<[UUID: CheckedContinuation<Void, Never>]>([:])
    private let subscribed = Mutex(false)

    /// Returns at the next change, or when the task is cancelled.
    package func nextChange() async {
        await subscribeOnce()
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiters.withLock { $0[id] = continuation }
                if Task.isCancelled { wake(id) }
            }
        } onCancel: {
            wake(id)
        }
    }

    private func wake(_ id: UUID) {
        waiters.withLock { $0.removeValue(forKey: id) }?.resume()
    }

    fileprivate func changed() {
        for continuation in waiters.withLock({ waiting in
            defer { waiting = [:] }
            return Array(waiting.values)
        }) { continuation.resume() }
    }

    private func subscribeOnce() async {
        let first = subscribed.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first else { return }
        GLibLoop.shared.start()
        await GLibLoop.shared.run {
            let subscriptions: [(BusCall.Bus, String?, String?, String?, String?)] = [
                (.system, "org.freedesktop.login1", "org.freedesktop.DBus.Properties", "PropertiesChanged", nil),
                (.session, nil, "org.freedesktop.DBus.Properties", "PropertiesChanged", "/org/freedesktop/Notifications"),
                (.session, nil, "org.xfce.Xfconf", "PropertyChanged", "/org/xfce/Xfconf"),
            ]
            for (bus, sender, interface, member, path) in subscriptions where bus.exists {
                var error: UnsafeMutablePointer<GError>?
                guard let connection = g_bus_get_sync(bus.type, nil, &error) else {
                    if error != nil { g_error_free(error) }
                    continue
                }
                // Kept for the process's life, as the connection is.
                _ = g_dbus_connection_signal_subscribe(
                    connection, sender, interface, member, path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
                    { _, _, _, _, _, _, _ in PresenceSignals.shared.changed() }, nil, nil)
            }
        }
    }
}
