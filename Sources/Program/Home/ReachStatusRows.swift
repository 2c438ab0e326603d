import Foundation
import NotifierCore
import NotifierDelivery
import NotifierEngine

/// The home screen's rows for reaching the person: what the last delivery saw of them (at the
/// desk, locked, idle, do-not-disturb), each channel with its health, and the `[sync]` topic
/// with whether what is said on it is signed.
package struct ReachStatusRows: StatusRowsProvider {
    package func statusRows(store: Store?, config: Config, now: Date) -> [StatusRow] {
        var rows: [StatusRow] = []
        if let seen = try? store?.presenceSeen() {
            var state = seen.away.map { "away: \($0)" } ?? seen.presence.unknown.map { "presence unknown: \($0)" } ?? "present"
            if seen.presence.doNotDisturb { state += ", do-not-disturb" + (seen.presence.doNotDisturbSource.map { " (\($0))" } ?? "") }
            rows.append(
                StatusRow(
                    kind: "you", name: "presence", state: state, lastPoll: seen.at, nextPoll: nil,
                    health: seen.presence.source.map { "from \($0)" } ?? "ok", link: DeepLink.history.url))
        }
        let failing = (try? store?.failingChannels()) ?? [:]
        for channel in config.channels {
            let health = failing[channel.name].map { "failing: \($0.error)" } ?? "ok"
            let role = config.delivery.whenAway.contains(channel.name) ? "while away" : "unused"
            rows.append(
                StatusRow(
                    kind: "channel", name: channel.name, state: "\(channel.kind.rawValue), \(role)", lastPoll: failing[channel.name]?.since,
                    nextPoll: nil, health: health, link: DeepLink.history.url))
        }
        if let row = Self.syncRow(config) { rows.append(row) }
        return rows
    }

    /// `sync notifier-me-7f3a: signed with the key · ok`, or what makes it untrustworthy.
    static func syncRow(_ config: Config) -> StatusRow? {
        guard config.sync.enabled else { return nil }
        let topic = URLComponents(string: config.sync.ntfy)?.path.split(separator: "/").last.map(String.init) ?? "topic"
        let (state, health): (String, String)
        switch SyncSeal.make(config.sync, environment: ProcessInfo.processInfo.environment) {
        case .success(.some): (state, health) = ("signed with the key", "ok")
        case .success(.none): (state, health) = ("unsigned", SyncSettings.unsignedWarning)
        case .failure(let problem): (state, health) = ("off", "key \(problem.message)")
        }
        return StatusRow(kind: "sync", name: topic, state: state, lastPoll: nil, nextPoll: nil, health: health, link: DeepLink.history.url)
    }
}
