import Foundation
import NotifierEngine

/// Keys every `[rules.NAME]` table has besides its own, and with `onEntries` every entry of a
/// repeated table (`[[reminders]]`, `[[watches]]`) too: what a delivery feature lets any rule
/// ask for (`channels`, `acknowledge`, `escalate`). Their values are kept apart from the rule's
/// own section, by rule and by entry, as one part of `Config` (`RuleKeyValues`).
package struct RuleKeys: Sendable {
    package let names: [String]
    package let onEntries: Bool
    /// The keys as settings of the rule's table (`rules.crypto_change.channels`).
    let ruleSettings: @Sendable (_ table: String, _ rule: String) -> [ConfigSetting]
    /// An entry's values before its name is known, applied key by key.
    let pending: @Sendable () -> any PendingEntryValue
    let clearEntries: @Sendable (inout Config, _ array: String) -> Void
    /// `key = value` lines of one entry's values, those set.
    let renderEntry: @Sendable (Config, _ array: String, _ entry: String) -> String

    package init<Value: Sendable & Equatable>(_ initial: Value, keys: [SectionKey<Value>], onEntries: Bool) {
        names = keys.map(\.name)
        self.onEntries = onEntries
        ruleSettings = { table, rule in
            keys.map { key in
                ConfigSetting(
                    path: table.keyPath + [key.name], secret: key.secret,
                    apply: { config, value in
                        var ruleValue = config[RuleKeyValues<Value>.self].byRule[rule] ?? initial
                        let problem = key.apply(&ruleValue, value)
                        if problem == nil { config[RuleKeyValues<Value>.self].byRule[rule] = ruleValue == initial ? nil : ruleValue }
                        return problem
                    }, render: { key.render($0[RuleKeyValues<Value>.self].byRule[rule] ?? initial) })
            }
        }
        let keysByName = Dictionary(uniqueKeysWithValues: keys.map { ($0.name, $0) })
        pending = { PendingValue(value: initial, initial: initial, keys: keysByName) }
        clearEntries = { config, array in config[RuleKeyValues<Value>.self].byEntry[array] = nil }
        renderEntry = { config, array, entry in
            let value = config[RuleKeyValues<Value>.self].byEntry[array]?[entry] ?? initial
            // A key rendered as "" is unset: left out rather than invented.
            return keys.compactMap { key in
                let shown = key.render(value)
                return shown.isEmpty ? nil : "\(key.name) = \(shown)\n"
            }.joined()
        }
    }
}

/// One kind of rule keys' values: by rule, and by array then entry; one absent is at its initial
/// value.
package struct RuleKeyValues<Value: Sendable & Equatable>: ConfigPart, Equatable {
    package var byRule: [String: Value] = [:]
    package var byEntry: [String: [String: Value]] = [:]
    package static var initial: Self { Self() }
}

/// An entry's rule keys, applied as the entry's table is read; stored once the entry is whole.
protocol PendingEntryValue: Sendable {
    func has(_ key: String) -> Bool
    mutating func apply(_ key: String, _ value: ConfigValue) -> String?
    func store(in config: inout Config, array: String, entry: String)
}

private struct PendingValue<Value: Sendable & Equatable>: PendingEntryValue {
    var value: Value
    let initial: Value
    let keys: [String: SectionKey<Value>]

    func has(_ key: String) -> Bool { keys[key] != nil }

    mutating func apply(_ key: String, _ configValue: ConfigValue) -> String? {
        keys[key].flatMap { $0.apply(&value, configValue) }
    }

    func store(in config: inout Config, array: String, entry: String) {
        guard value != initial else { return }
        config[RuleKeyValues<Value>.self].byEntry[array, default: [:]][entry] = value
    }
}

extension ConfigSectionEntry {
    /// A rule's table (`rules.NAME`) with the keys every rule has; any other as it is.
    package func adding(_ ruleKeys: [RuleKeys]) -> ConfigSectionEntry {
        guard table.hasPrefix("rules.") else { return self }
        let rule = String(table.dropFirst("rules.".count))
        var entry = self
        entry.settings += ruleKeys.flatMap { $0.ruleSettings(table, rule) }
        return entry
    }
}
