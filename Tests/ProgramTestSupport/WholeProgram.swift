import Foundation
import GRDB
import Logging
import NotifierSystem

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierDelivery
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

// The tests of the whole program read its config, open its store and lay out its bubbles as
// `main` does: with the program library's `Program.notifier`. These are the calls they make, given
// that program; a test of other feeds passes its own.

extension Store {
    package convenience init(path: String, busySeconds: Int = Store.busySeconds) throws(StoreError) {
        try self.init(path: path, busySeconds: busySeconds, migrations: Program.notifier.storeMigrations)
    }

    package static var migrator: DatabaseMigrator { migrator(adding: Program.notifier.storeMigrations) }

    package static func openReplacingDamaged(path: String, now: Date) throws(StoreError) -> (store: Store, replaced: String?) {
        try openReplacingDamaged(path: path, now: now, migrations: Program.notifier.storeMigrations)
    }

    package static func scratchCopy(of path: String, now: Date) -> Store {
        scratchCopy(of: path, now: now, migrations: Program.notifier.storeMigrations)
    }
}

extension ConfigLoader {
    package static func parse(_ text: String, file: String) throws(ConfigError) -> Config {
        try parse(text, file: file, schema: Program.notifier.schema)
    }

    package static func load(explicitPath: String?, environment: [String: String], asConfigCheck: Bool = false) throws(ConfigError) -> Loaded {
        try load(explicitPath: explicitPath, environment: environment, schema: Program.notifier.schema, asConfigCheck: asConfigCheck)
    }

    package static func review(_ config: Config, text: String, file: String) throws(ConfigError) -> [String] {
        try review(config, text: text, file: file, schema: Program.notifier.schema)
    }

    package static func suggestion(for name: String, in path: [String]) -> String {
        suggestion(for: name, in: path, schema: Program.notifier.schema)
    }
}

extension Config {
    package static var sections: [ConfigSectionEntry] { Program.notifier.schema.sections }
    package static var entryLists: [ConfigEntryList] { Program.notifier.schema.entryLists }
    package static var settings: [ConfigSetting] { Program.notifier.schema.settings }
    package static var environmentKeys: [EnvironmentKey] { Program.notifier.schema.environmentKeys }

    package func crossCheck() -> (key: String, message: String)? { crossCheck(Program.notifier.schema) }
    package func renderedTOML() -> String { renderedTOML(Program.notifier.schema) }
}

extension DefaultConfig {
    package static var text: String { Program.notifier.schema.defaultText }
}

extension AppContext {
    package init(
        environment: [String: String], config: Config, configFile: String?, explicitConfigPath: String?, logger: Logger, paths: XDGPaths,
        time: TimeSource
    ) {
        self.init(
            environment: environment, config: config, configFile: configFile, explicitConfigPath: explicitConfigPath, logger: logger, paths: paths,
            time: time, program: .notifier)
    }
}

extension BubbleLayout {
    package init(_ alert: Alert, capabilities: Set<String>, historyMentioned: Bool = false) {
        self.init(alert, capabilities: capabilities, historyMentioned: historyMentioned, style: BubbleStyle(feeds: Program.notifier.feeds))
    }
}

extension BubbleKind {
    package static func of(_ alert: Alert) -> BubbleKind? { of(alert, in: BubbleStyle(feeds: Program.notifier.feeds)) }
    package static func category(for alert: Alert) -> String { category(for: alert, in: BubbleStyle(feeds: Program.notifier.feeds)) }
    package static func soundName(for alert: Alert) -> String? { soundName(for: alert, in: BubbleStyle(feeds: Program.notifier.feeds)) }
}

extension NotificationAction {
    package static func offered(for alert: Alert, capabilities: Set<String>, silenceable: Set<String>? = nil) -> [NotificationAction] {
        var style = BubbleStyle(feeds: Program.notifier.feeds)
        if let silenceable { style.silenceable = silenceable }
        return offered(for: alert, capabilities: capabilities, in: style)
    }
}

extension DaemonBus {
    package static func decodeAlerts(_ json: String) -> [Alert]? { decodeAlerts(json, catalog: Program.notifier.views.catalog) }
}

extension RuleName {
    package static func check(_ rule: String) throws { try check(rule, rules: Program.notifier.rules) }
}

extension StoredLink {
    package static func url(fromCommand command: String) -> String? { url(fromCommand: command, in: Program.notifier.views.catalog) }
}

extension HistoryModel {
    package init(
        deliveries: [Delivery], group: String? = nil, timeZone: TimeZone = .current, filter: String = "", matches: [Delivery]? = nil,
        search: (@Sendable (String) -> [Delivery])? = nil
    ) {
        self.init(deliveries: deliveries, group: group, timeZone: timeZone, filter: filter, matches: matches, search: search, program: .notifier)
    }

    package static func whyArguments(_ delivery: Delivery) -> [String] { whyArguments(delivery, rules: Set(Program.notifier.rules.map { $0.id })) }
}

extension FeedReport {
    package static func load(name: String, store: Store?, config: Config) -> FeedReport {
        load(name: name, store: store, config: config, feeds: Program.notifier.feeds)
    }
}

extension ReminderTime {
    package static func schedule(at: String, every: String, skip: String, timeZone: String) -> ReminderSchedule? {
        schedule(at: at, every: every, skip: skip, timeZone: timeZone, daysOff: EstonianDaysOff())
    }
}

extension ReminderSettings {
    package var reminder: Reminder? { reminder(daysOff: EstonianDaysOff()) }
}

extension ReminderRound {
    package static func reminders(
        config: Config, store: Store?, logger: Logger, now: Date? = nil, paths: XDGPaths? = nil
    ) -> [(reminder: Reminder, created: Date?)] {
        reminders(config: config, store: store, logger: logger, now: now, paths: paths, daysOff: EstonianDaysOff())
    }
}

extension RemindersFeedKind {
    package init() { self.init(daysOff: EstonianDaysOff()) }
}

/// The rules of a program of `feeds`, in order: theirs, then the program's own.
package func rulesOf(_ feeds: [any FeedKind]) -> [any Rule.Type] {
    Program(feeds: feeds).rules
}
