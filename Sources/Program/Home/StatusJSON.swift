import Foundation
import NotifierCore
import NotifierEngine

/// `notifier status --json` and `notifier open feed NAME --json`: the screens as data, a stable
/// shape (docs/views.md). Keys in snake_case; times ISO 8601 with the local offset; absent
/// values are null.
package enum StatusJSON {
    package struct Status: Encodable {
        package var generatedAt: String
        package var rows: [Row]
        package var rules: [RuleState]
        package var snoozes: [Snooze]
        /// Each feed's section of the screen, under its key: its entries' fields and link.
        package var feedSections: [(key: String, entries: [[String: String]])]
        package var notifications: [Notification]
        package var daemon: Daemon
        package var upcoming: [Upcoming]
        /// Each feed's values under its key.
        package var values: [(key: String, rows: [Value])]

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.init(stringValue) }
            init?(intValue: Int) { nil }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(generatedAt, forKey: Key("generatedAt"))
            try container.encode(rows, forKey: Key("rows"))
            try container.encode(rules, forKey: Key("rules"))
            try container.encode(snoozes, forKey: Key("snoozes"))
            for section in feedSections { try container.encode(section.entries, forKey: Key(section.key)) }
            try container.encode(notifications, forKey: Key("notifications"))
            try container.encode(daemon, forKey: Key("daemon"))
            try container.encode(upcoming, forKey: Key("upcoming"))
            for section in values { try container.encode(section.rows, forKey: Key(section.key)) }
        }
    }

    package struct Row: Encodable {
        package var kind, name, state, health, link: String
        package var lastPoll, nextPoll: String?
    }

    package struct RuleState: Encodable {
        package var rule, summary: String
        package var muted: Bool
        /// null while muted until `notifier unmute`.
        package var mutedUntil: String?
    }

    package struct Snooze: Encodable { var rule, subject, until: String }
    package struct Daemon: Encodable {
        package var running: Bool
        package var pid: String?
        package var since: String?
    }
    package struct Upcoming: Encodable { var kind, name, text, time, link: String }
    package struct Value: Encodable {
        package var name, state, link: String
        package var enabled: Bool
        package var value, lastFetch, problem: String?
    }
    package struct Notification: Encodable { var time, rule, title, link: String }

    package struct Feed: Encodable {
        package var name, state, health: String
        package var lastPoll, lastSuccess, degradedSince, nextPollEarliest, nextPollLatest, nextPollWhy, lastError: String?
        package var consecutiveFailures: Int
        package var polls: [Poll]

        package init(_ report: FeedReport, now: Date) {
            let next = report.nextPoll(now: now)
            name = report.name
            state = report.state.rawValue
            health = report.healthLine
            lastPoll = report.lastPoll.map(iso)
            lastSuccess = report.health?.lastSuccess.map(iso)
            degradedSince = report.health?.degradedSince.map(iso)
            nextPollEarliest = next.map { iso($0.earliest) }
            nextPollLatest = next.map { iso($0.latest) }
            nextPollWhy = next?.why
            lastError = report.lastError
            consecutiveFailures = report.health?.consecutiveFailures ?? 0
            polls = report.polls.map { Poll(time: iso($0.at), ok: $0.error == nil, error: $0.error) }
        }
    }

    package struct Poll: Encodable {
        package var time: String
        package var ok: Bool
        package var error: String?
    }

    package static func iso(_ date: Date) -> String { RelativeTime.iso(date) }

    package static func status(_ report: StatusReport, now: Date) -> Status {
        Status(
            generatedAt: iso(now),
            rows: report.rows.map {
                Row(
                    kind: $0.kind, name: $0.name, state: $0.state, health: $0.health, link: $0.link,
                    lastPoll: $0.lastPoll.map(iso), nextPoll: $0.nextPoll.map(iso))
            },
            rules: report.rules.map {
                RuleState(
                    rule: $0.rule, summary: $0.summary, muted: $0.mutedUntil != nil,
                    mutedUntil: $0.mutedUntil.flatMap { $0 == .distantFuture ? nil : iso($0) })
            },
            snoozes: report.snoozes.map { Snooze(rule: $0.rule, subject: $0.subject, until: iso($0.until)) },
            feedSections: report.feedSections.map { section in
                (section.jsonKey, section.entries.map { $0.fields.merging(["link": $0.link]) { own, _ in own } })
            },
            notifications: report.notifications.map {
                Notification(
                    time: iso($0.deliveredAt), rule: $0.rule, title: $0.title,
                    link: StoredLink.url(fromCommand: $0.deepLink, in: report.links) ?? "")
            },
            daemon: Daemon(running: report.daemon.running, pid: report.daemon.pid, since: report.daemon.since.map(iso)),
            upcoming: report.upcoming.map { Upcoming(kind: $0.kind, name: $0.name, text: $0.text, time: iso($0.at), link: $0.link) },
            values: report.valueSections.map { section in
                (
                    section.jsonKey,
                    section.rows.map {
                        Value(
                            name: $0.name, state: $0.state, link: $0.link, enabled: $0.enabled, value: $0.value, lastFetch: $0.lastFetch.map(iso),
                            problem: $0.problem)
                    }
                )
            })
    }

    package static func print<T: Encodable>(_ value: T) throws {
        FileHandle.standardOutput.write(try encoded(value) + Data("\n".utf8))
    }

    package static func encoded<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
