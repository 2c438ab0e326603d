import Foundation
import NotifierCore
import NotifierEngine

/// Reads the person's presence when notifier delivers: logind's session (`LockedHint`,
/// `IdleHint`, `IdleSinceHint`), then `org.freedesktop.ScreenSaver` for desktops that lock
/// without telling logind, then the notification server's do-not-disturb.
package enum PresenceReader {
    package static let login = "org.freedesktop.login1"

    package static func read(environment: [String: String] = ProcessInfo.processInfo.environment) async -> Presence {
        var presence = Presence()
        switch await session(environment: environment) {
        case .failure(let failure): presence.unknown = failure.description
        case .success(let (session, properties)):
            presence.source = "logind session \(session.split(separator: "/").last.map(String.init) ?? session)"
            presence.locked = properties["LockedHint"]?.boolValue ?? false
            if properties["IdleHint"]?.boolValue == true {
                // Microseconds of the realtime clock; 0 when the session does not say since when.
                let micros = properties["IdleSinceHint"]?.numberValue ?? 0
                presence.idleSince = micros > 0 ? Date(timeIntervalSince1970: Double(micros) / 1_000_000) : Date.distantPast
            }
        }
        if !presence.locked,
            let active = await BusCall.call(
                .session, name: "org.freedesktop.ScreenSaver", path: "/org/freedesktop/ScreenSaver", interface: "org.freedesktop.ScreenSaver",
                method: "GetActive")?[0]?.boolValue
        {
            presence.locked = active
            presence.source = presence.source ?? "org.freedesktop.ScreenSaver"
            presence.unknown = nil
        }
        if let doNotDisturb = await DoNotDisturbReader.read() {
            presence.doNotDisturb = doNotDisturb.on
            presence.doNotDisturbSource = doNotDisturb.server
        }
        return presence
    }

    /// The session's path and its properties, or why logind could not say.
    static func session(environment: [String: String]) async -> Result<(String, BusValue), BusCall.Failure> {
        guard BusCall.Bus.system.exists else { return .failure(BusCall.Failure(description: "there is no system bus to ask logind")) }
        guard let session = await sessionPath(environment: environment) else {
            // Why not: the bus, logind on it, or no session of ours.
            let owner = await BusCall.reply(
                .system, name: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", method: "NameHasOwner",
                arguments: [.string(login)])
            switch owner {
            case .failure(let failure): return .failure(failure)
            case .success(let values) where values[0]?.boolValue == false:
                return .failure(BusCall.Failure(description: "logind (\(login)) is not on the system bus"))
            case .success: return .failure(BusCall.Failure(description: "logind names no session of this user's"))
            }
        }
        let reply = await BusCall.reply(
            .system, name: login, path: session, interface: "org.freedesktop.DBus.Properties", method: "GetAll",
            arguments: [.string("org.freedesktop.login1.Session")])
        switch reply {
        case .failure(let failure): return .failure(BusCall.Failure(description: "logind did not answer for its session: \(failure)"))
        case .success(let values):
            guard let properties = values[0], properties["LockedHint"]?.boolValue != nil else {
                return .failure(BusCall.Failure(description: "logind's answer for its session has no LockedHint"))
            }
            return .success((session, properties))
        }
    }

    /// `XDG_SESSION_ID`'s session, else this process's (`GetSessionByPID`), else the user's
    /// display session.
    package static func sessionPath(environment: [String: String]) async -> String? {
        let manager = "org.freedesktop.login1.Manager"
        let root = "/org/freedesktop/login1"
        if let id = environment["XDG_SESSION_ID"], !id.isEmpty, id.utf8.count <= 64,
            let path = await BusCall.call(.system, name: login, path: root, interface: manager, method: "GetSession", arguments: [.string(id)])?[0]?
                .stringValue
        {
            return path
        }
        if let path = await BusCall.call(
            .system, name: login, path: root, interface: manager, method: "GetSessionByPID", arguments: [.uint32(UInt32(getpid()))])?[0]?
            .stringValue
        {
            return path
        }
        // The user's display session: (so) of logind's own user object.
        let display = await BusCall.property(
            .system, name: login, path: root + "/user/self", interface: "org.freedesktop.login1.User", property: "Display")
        if let path = display?[1]?.stringValue, path != "/" { return path }
        return nil
    }
}
