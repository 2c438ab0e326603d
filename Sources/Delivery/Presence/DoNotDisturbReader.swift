import CNotify
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The desktop's do-not-disturb, asked of the notification server in use in its own way; a
/// server that does not say is never "on".
package enum DoNotDisturbReader {
    package static let notifications = "org.freedesktop.Notifications"

    package static func read() async -> (server: String, on: Bool)? {
        guard
            let server = await BusCall.call(
                .session, name: notifications, path: "/org/freedesktop/Notifications", interface: notifications, method: "GetServerInformation")?[0]?
                .stringValue
        else { return nil }
        let on: Bool?
        switch server.lowercased() {
        case "dunst":
            on = await BusCall.property(
                .session, name: notifications, path: "/org/freedesktop/Notifications", interface: "org.dunstproject.cmd0", property: "paused")?
                .boolValue
        case "mako":
            let modes = await BusCall.call(.session, name: notifications, path: "/fr/emersion/Mako", interface: "fr.emersion.Mako", method: "ListModes")
            on = modes.map { $0[0]?.listValue.contains(.string("do-not-disturb")) ?? false }
        case "xfce notify daemon", "xfce4-notifyd":
            on = await BusCall.call(
                .session, name: "org.xfce.Xfconf", path: "/org/xfce/Xfconf", interface: "org.xfce.Xfconf", method: "GetProperty",
                arguments: [.string("xfce4-notifyd"), .string("/do-not-disturb")])?[0]?.boolValue
        case "gnome-shell":
            on = await GnomeBanners.showBanners().map { !$0 }
        case "plasma":
            on = await BusCall.property(.session, name: notifications, path: "/org/freedesktop/Notifications", interface: notifications, property: "Inhibited")?
                .boolValue
        case "swaync", "swaync-client":
            on = await BusCall.call(
                .session, name: "org.erikreider.swaync.cc", path: "/org/erikreider/swaync/cc", interface: "org.erikreider.swaync.cc", method: "GetDnd")?[0]?
                .boolValue
        default:
            on = nil
        }
        return on.map { (server, $0) }
    }
}

/// GNOME's do-not-disturb is its `show-banners` setting, read through GSettings (GIO); where
/// the schema is not installed there is nothing to read (GSettings would abort on a missing one).
package enum GnomeBanners {
    package static func showBanners() async -> Bool? {
        GLibLoop.shared.start()
        return await GLibLoop.shared.run { () -> Bool? in
            guard let source = g_settings_schema_source_get_default(),
                let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.notifications", 1)
            else { return nil }
            defer { g_settings_schema_unref(schema) }
            guard g_settings_schema_has_key(schema, "show-banners") != 0,
                let settings = g_settings_new_full(schema, nil, nil)
            else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(settings)) }
            return g_settings_get_boolean(settings, "show-banners") != 0
        }
    }
}
