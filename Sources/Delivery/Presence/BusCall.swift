import CNotify
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// A D-Bus value read into Swift on the GLib loop's thread, so no GVariant outlives the call.
package enum BusValue: Sendable, Equatable {
    case bool(Bool)
    case string(String)
    case number(Int64)
    case list([BusValue])
    case dictionary([String: BusValue])
    case other

    package var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    package var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    package var numberValue: Int64? { if case .number(let value) = self { value } else { nil } }
    package var listValue: [BusValue] { if case .list(let value) = self { value } else { [] } }
    package subscript(key: String) -> BusValue? { if case .dictionary(let value) = self { value[key] } else { nil } }
    package subscript(index: Int) -> BusValue? { listValue.indices.contains(index) ? listValue[index] : nil }

    /// What a GVariant holds; deep or long ones are cut, as nothing we ask for is.
    package static func read(_ variant: OpaquePointer, depth: Int = 0) -> BusValue {
        guard depth < 8, let typeString = g_variant_get_type_string(variant) else { return .other }
        let type = String(cString: typeString)
        switch type.first {
        case "b": return .bool(g_variant_get_boolean(variant) != 0)
        case "s", "o", "g": return .string(String(cString: g_variant_get_string(variant, nil)))
        case "t": return .number(Int64(clamping: g_variant_get_uint64(variant)))
        case "x": return .number(Int64(g_variant_get_int64(variant)))
        case "u": return .number(Int64(g_variant_get_uint32(variant)))
        case "i": return .number(Int64(g_variant_get_int32(variant)))
        case "v":
            guard let inner = g_variant_get_variant(variant) else { return .other }
            defer { g_variant_unref(inner) }
            return read(inner, depth: depth + 1)
        case "(", "a":
            let count = min(Int(g_variant_n_children(variant)), 256)
            var children: [BusValue] = []
            var entries: [String: BusValue] = [:]
            let isDictionary = type.hasPrefix("a{s")
            for index in 0..<count {
                guard let child = g_variant_get_child_value(variant, gsize(index)) else { continue }
                defer { g_variant_unref(child) }
                if isDictionary, let key = g_variant_get_child_value(child, 0), let value = g_variant_get_child_value(child, 1) {
                    defer {
                        g_variant_unref(key)
                        g_variant_unref(value)
                    }
                    entries[String(cString: g_variant_get_string(key, nil))] = read(value, depth: depth + 1)
                } else {
                    children.append(read(child, depth: depth + 1))
                }
            }
            return isDictionary ? .dictionary(entries) : .list(children)
        default: return .other
        }
    }
}

/// One method call on a bus, synchronous on the GLib loop's thread with a short bound: what
/// presence and do-not-disturb ask must never hold a delivery up.
package enum BusCall {
    package enum Bus: Sendable {
        case session, system

        package var type: GBusType { self == .session ? G_BUS_TYPE_SESSION : G_BUS_TYPE_SYSTEM }

        /// Whether there is such a bus to ask. Without one, GIO would try to autolaunch a
        /// session bus (spawning dbus-launch) on every call: a fork of the whole process each time.
        package var exists: Bool {
            let environment = ProcessInfo.processInfo.environment
            switch self {
            case .session:
                if environment["DBUS_SESSION_BUS_ADDRESS"]?.isEmpty == false { return true }
                return environment["XDG_RUNTIME_DIR"].map { FileManager.default.fileExists(atPath: $0 + "/bus") } ?? false
            case .system:
                if environment["DBUS_SYSTEM_BUS_ADDRESS"]?.isEmpty == false { return true }
                return FileManager.default.fileExists(atPath: "/run/dbus/system_bus_socket")
            }
        }
    }

    package enum Argument: Sendable {
        case string(String)
        case uint32(UInt32)
    }

    /// The reply's values (its tuple as a list); `nil` when the bus, the name or the method is
    /// not there, or it did not answer within `timeoutMilliseconds`.
    package static func call(
        _ bus: Bus, name: String, path: String, interface: String, method: String, arguments: [Argument] = [],
        timeoutMilliseconds: Int32 = 1000
    ) async -> BusValue? {
        try? await reply(bus, name: name, path: path, interface: interface, method: method, arguments: arguments, timeoutMilliseconds: timeoutMilliseconds)
            .get()
    }

    /// Why a call got no reply, in one short line: no such bus, or what D-Bus said.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package var description: String
    }

    /// The reply's values, or why there is none.
    package static func reply(
        _ bus: Bus, name: String, path: String, interface: String, method: String, arguments: [Argument] = [],
        timeoutMilliseconds: Int32 = 1000
    ) async -> Result<BusValue, Failure> {
        guard bus.exists else { return .failure(Failure(description: "there is no \(bus == .system ? "system" : "session") bus")) }
        GLibLoop.shared.start()
        return await GLibLoop.shared.run {
            var error: UnsafeMutablePointer<GError>?
            guard let connection = g_bus_get_sync(bus.type, nil, &error) else {
                return .failure(Failure(description: "the \(bus == .system ? "system" : "session") bus cannot be reached: \(said(error))"))
            }
            defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
            var values: [OpaquePointer?] = arguments.map { argument in
                switch argument {
                case .string(let text): g_variant_new_string(text)
                case .uint32(let number): g_variant_new_uint32(number)
                }
            }
            let parameters = values.isEmpty ? nil : g_variant_new_tuple(&values, gsize(values.count))
            guard
                let reply = g_dbus_connection_call_sync(
                    connection, name, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMilliseconds, nil,
                    &error)
            else {
                return .failure(Failure(description: said(error)))
            }
            defer { g_variant_unref(reply) }
            return .success(BusValue.read(reply))
        }
    }

    /// A GError's message, freed; one line of at most 160 characters, whoever wrote it.
    private static func said(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "no reason given" }
        defer { g_error_free(error) }
        let message = error.pointee.message.map { String(cString: $0) } ?? "no reason given"
        return String(TextSanitizer.singleLine(message).prefix(160))
    }

    /// `org.freedesktop.DBus.Properties.Get`: the property's value.
    package static func property(_ bus: Bus, name: String, path: String, interface: String, property: String) async -> BusValue? {
        await call(
            bus, name: name, path: path, interface: "org.freedesktop.DBus.Properties", method: "Get",
            arguments: [.string(interface), .string(property)])?[0]
    }
}
