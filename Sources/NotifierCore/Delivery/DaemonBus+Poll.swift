import CNotify
import Foundation

extension DaemonBus {
    /// Asks a running daemon to poll `feed` now (its `Poll`), and waits for its answer: after
    /// its round polled, or why it did not. `nil` when no daemon owns the name, or one that
    /// does not know `Poll` (a daemon older than the screen).
    package static func askToPoll(_ feed: String, timeout: Duration = .seconds(90)) async -> PollRequests.Answer? {
        GLibLoop.shared.start()
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000)
        let answer = await GLibLoop.shared.run { () -> String? in
            var error: UnsafeMutablePointer<GError>?
            guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
                g_error_free(error)
                return nil
            }
            defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
            var argument: OpaquePointer? = g_variant_new_string(feed)
            let parameters = g_variant_new_tuple(&argument, 1)
            guard
                let reply = g_dbus_connection_call_sync(
                    connection, name, objectPath, interface, "Poll", parameters,
                    nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, milliseconds, nil, &error)
            else {
                g_error_free(error)
                return nil
            }
            defer { g_variant_unref(reply) }
            guard let child = g_variant_get_child_value(reply, 0) else { return nil }
            defer { g_variant_unref(child) }
            return String(cString: g_variant_get_string(child, nil))
        }
        return answer.flatMap(PollRequests.Answer.init(rawValue:))
    }
}
