import Foundation
import NotifierEngine

/// The home screen's rows for reaching the person: what the last delivery saw of them (at the
/// desk, locked, idle, do-not-disturb) and each channel with its health.
package struct ReachStatusRows: StatusRowsProvider {
    package func statusRows(store: Store?, config: Config, now: Date) -> [StatusRow] {
        var rows: [StatusRow] = []
        if let seen = try? store?.presenceSeen() {
            var state = seen.away.map { "away: \($0)" } ?? "present"
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
        return rows
    }
}
