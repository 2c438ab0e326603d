import CNotify
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem
import Synchronization

/// The daemon's well-known name on the session bus, through GIO's GDBus: other processes find
/// the running daemon by it, and `notifier --once` hands it the alerts to show, so their clicks
/// reach a process that is still running. All GDBus calls run on the GLib loop's thread.
package enum DaemonBus {
    package static let name = "io.github.notifier"
    package static let objectPath = "/io/github/notifier"
    package static let interface = "io.github.notifier.Daemon"
    /// A handed-off batch larger than this is refused: the bus is not a bulk channel.
    package static let maxPayloadBytes = 256 << 10

    private static let introspection = """
        <node>
          <interface name="io.github.notifier.Daemon">
            <method name="Deliver">
              <arg type="s" name="alerts_json" direction="in"/>
              <arg type="u" name="shown" direction="out"/>
            </method>
            <method name="DeliverInPlace">
              <arg type="s" name="alert_json" direction="in"/>
              <arg type="u" name="replaces_id" direction="in"/>
              <arg type="u" name="id" direction="out"/>
            </method>
            <method name="Ping">
              <arg type="s" name="version" direction="out"/>
            </method>
            <method name="Poll">
              <arg type="s" name="feed" direction="in"/>
              <arg type="s" name="answer" direction="out"/>
            </method>
            <method name="Fetch">
              <arg type="s" name="feed" direction="in"/>
              <arg type="s" name="request" direction="in"/>
              <arg type="s" name="answer" direction="out"/>
            </method>
          </interface>
        </node>
        """

    /// The alerts of a `Deliver` call, checked as strictly as anything from outside: JSON of at
    /// most `maxPayloadBytes`, and every deep link valid for its view.
    package static func decodeAlerts(_ json: String, catalog: LinkCatalog) -> [Alert]? {
        guard json.utf8.count <= maxPayloadBytes, let alerts = try? JSONDecoder().decode([Alert].self, from: Data(json.utf8)),
            !alerts.isEmpty, alerts.count <= 100,
            alerts.allSatisfy({ DeepLink(view: $0.deepLink.view, argument: $0.deepLink.argument, in: catalog) != nil })
        else { return nil }
        return alerts
    }

    /// Owns the name and serves `Deliver` by calling `deliver` (off the GLib thread). Returns
    /// once the request is made; the name stays owned while the process runs.
    /// `DeliverInPlace` calls `deliverInPlace` with one alert and the bubble it updates (0: none).
    /// `Poll` calls `poll` with a feed's name and answers once its round polled, or why not.
    /// `Fetch` calls `fetch` with a feed's name and its request, and answers once its round
    /// kept what was asked, or why not.
    /// `catalog`: the links an alert may carry (the program's views').
    package static func serve(
        catalog: LinkCatalog,
        deliver: @escaping @Sendable ([Alert]) async -> Int,
        deliverInPlace: @escaping @Sendable (Alert, UInt32?) async -> UInt32,
        poll: @escaping @Sendable (String) async -> PollRequests.Answer = { _ in .notPolling },
        fetch: @escaping @Sendable (String, String) async -> RoundFetch.Answer = { _, _ in .notKept }
    ) async {
        GLibLoop.shared.start()
        await GLibLoop.shared.run {
            let box = Unmanaged.passRetained(
                ServerBox(catalog: catalog, deliver: deliver, deliverInPlace: deliverInPlace, poll: poll, fetch: fetch)
            ).toOpaque()
            _ = g_bus_own_name(G_BUS_TYPE_SESSION, name, G_BUS_NAME_OWNER_FLAGS_NONE, onBusAcquired, nil, nil, box, nil)
        }
    }

    package enum HandOff: Sendable, Equatable {
        /// No daemon took it: show it here.
        case notTaken
        /// The daemon showed it as bubble `id` (`nil`: it has no id to keep).
        case taken(UInt32?)
    }

    /// Hands one alert to a running daemon, to update bubble `replacing` in place; a daemon of
    /// a version before `DeliverInPlace` is given it by `Deliver`, without the id.
    package static func handOff(_ alert: Alert, replacing: UInt32?) async -> HandOff {
        guard let data = try? JSONEncoder().encode(alert) else { return .notTaken }
        let json = String(decoding: data, as: UTF8.self)
        if let reply = await callDaemon("DeliverInPlace", [.string(json), .uint32(replacing ?? 0)], timeout: .seconds(5)) {
            let id = reply[0]?.numberValue.map { UInt32(clamping: $0) } ?? 0
            return .taken(id == 0 ? nil : id)
        }
        return await handOff([alert]) ? .taken(nil) : .notTaken
    }

    /// Hands `alerts` to a running daemon; `false` when none owns the name or it refused them.
    package static func handOff(_ alerts: [Alert]) async -> Bool {
        guard let data = try? JSONEncoder().encode(alerts) else { return false }
        return await callDaemon("Deliver", [.string(String(decoding: data, as: UTF8.self))], timeout: .seconds(5)) != nil
    }

    /// One call to the running daemon's interface. Never auto-started (`BusCall`): only a
    /// daemon that already runs may answer; `nil` when none owns the name or the call failed.
    static func callDaemon(_ method: String, _ arguments: [BusCall.Argument], timeout: Duration) async -> BusValue? {
        await BusCall.call(
            .session, name: name, path: objectPath, interface: interface, method: method, arguments: arguments,
            timeoutMilliseconds: Int32(clamping: timeout.components.seconds * 1000))
    }

    // Built once and only read after (by GLib, on its thread).
    nonisolated(unsafe) fileprivate static let vtable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
        let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        table.initialize(to: GDBusInterfaceVTable())
        table.pointee.method_call = onMethodCall
        return table
    }()

    nonisolated(unsafe) fileprivate static let interfaceInfo: UnsafeMutablePointer<GDBusInterfaceInfo>? = {
        guard let node = g_dbus_node_info_new_for_xml(introspection, nil) else { return nil }
        return node.pointee.interfaces?.pointee
    }()
}

private final class ServerBox: Sendable {
    let catalog: LinkCatalog
    let deliver: @Sendable ([Alert]) async -> Int
    let deliverInPlace: @Sendable (Alert, UInt32?) async -> UInt32
    let poll: @Sendable (String) async -> PollRequests.Answer
    let fetch: @Sendable (String, String) async -> RoundFetch.Answer
    init(
        catalog: LinkCatalog, deliver: @escaping @Sendable ([Alert]) async -> Int,
        deliverInPlace: @escaping @Sendable (Alert, UInt32?) async -> UInt32, poll: @escaping @Sendable (String) async -> PollRequests.Answer,
        fetch: @escaping @Sendable (String, String) async -> RoundFetch.Answer
    ) {
        self.catalog = catalog
        self.deliver = deliver
        self.deliverInPlace = deliverInPlace
        self.poll = poll
        self.fetch = fetch
    }
}

/// A method invocation, handed from the GLib thread to a Swift task and back.
private final class InvocationBox: @unchecked Sendable {
    let invocation: OpaquePointer
    init(_ invocation: OpaquePointer) { self.invocation = invocation }
}

private func onBusAcquired(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ userData: gpointer?) {
    guard let connection, let info = DaemonBus.interfaceInfo else { return }
    var error: UnsafeMutablePointer<GError>?
    if g_dbus_connection_register_object(connection, DaemonBus.objectPath, info, DaemonBus.vtable, userData, nil, &error) == 0 {
        g_error_free(error)
    }
}

private func onMethodCall(
    _ connection: OpaquePointer?, _ sender: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?,
    _ interface: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?, _ parameters: OpaquePointer?,
    _ invocation: OpaquePointer?, _ userData: gpointer?
) {
    guard let invocation, let userData, let method else { return }
    let server = Unmanaged<ServerBox>.fromOpaque(userData).takeUnretainedValue()
    switch String(cString: method) {
    case "Ping":
        var version: OpaquePointer? = g_variant_new_string("notifier")
        g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&version, 1))
    case "Deliver":
        let json = stringArgument(parameters, 0)
        guard let alerts = DaemonBus.decodeAlerts(json, catalog: server.catalog) else {
            g_dbus_method_invocation_return_dbus_error(
                invocation, "io.github.notifier.Error.InvalidAlerts",
                "expected a JSON array of 1 to 100 alerts with valid deep links")
            return
        }
        let box = InvocationBox(invocation)
        Task {
            let shown = await server.deliver(alerts)
            GLibLoop.shared.post {
                var count: OpaquePointer? = g_variant_new_uint32(UInt32(shown))
                g_dbus_method_invocation_return_value(box.invocation, g_variant_new_tuple(&count, 1))
            }
        }
    case "DeliverInPlace":
        var json = ""
        var replacing: UInt32 = 0
        if let parameters, let first = g_variant_get_child_value(parameters, 0), let second = g_variant_get_child_value(parameters, 1) {
            json = String(cString: g_variant_get_string(first, nil))
            replacing = g_variant_get_uint32(second)
            g_variant_unref(first)
            g_variant_unref(second)
        }
        guard let alert = DaemonBus.decodeAlerts("[" + json + "]", catalog: server.catalog)?.first else {
            g_dbus_method_invocation_return_dbus_error(
                invocation, "io.github.notifier.Error.InvalidAlerts",
                "expected one JSON alert with a valid deep link")
            return
        }
        let box = InvocationBox(invocation)
        Task {
            let id = await server.deliverInPlace(alert, replacing == 0 ? nil : replacing)
            GLibLoop.shared.post {
                var value: OpaquePointer? = g_variant_new_uint32(id)
                g_dbus_method_invocation_return_value(box.invocation, g_variant_new_tuple(&value, 1))
            }
        }
    case "Poll":
        let feed = stringArgument(parameters, 0)
        let box = InvocationBox(invocation)
        Task {
            // A name of no loop is answered "not-polling": the bus asks nothing else of it.
            let answer = feed.utf8.count <= 200 ? await server.poll(feed) : .notPolling
            returnString(answer.rawValue, to: box)
        }
    case "Fetch":
        let (feed, request) = (stringArgument(parameters, 0), stringArgument(parameters, 1))
        let box = InvocationBox(invocation)
        Task {
            // The feed checks its request strictly; the bus bounds both.
            let answer = feed.utf8.count <= 200 && request.utf8.count <= 200 ? await server.fetch(feed, request) : .notKept
            returnString(answer.rawValue, to: box)
        }
    default:
        g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", "no such method")
    }
}

/// The string argument at `index` of a call's parameters; "" when there is none.
private func stringArgument(_ parameters: OpaquePointer?, _ index: Int) -> String {
    guard let parameters, gsize(index) < g_variant_n_children(parameters), let child = g_variant_get_child_value(parameters, gsize(index)) else { return "" }
    defer { g_variant_unref(child) }
    return String(cString: g_variant_get_string(child, nil))
}

/// Answers a call with one string, on the GLib loop's thread.
private func returnString(_ answer: String, to box: InvocationBox) {
    GLibLoop.shared.post {
        var value: OpaquePointer? = g_variant_new_string(answer)
        g_dbus_method_invocation_return_value(box.invocation, g_variant_new_tuple(&value, 1))
    }
}
