import Foundation
import NotifierEngine
import NotifierSystem

/// A table that repeats (`[[watches]]`, `[[reminders]]`): each entry a value of the conforming
/// type, its keys checked, applied and printed through `SectionKey`s as a section's are, told
/// apart from the others by its `name`.
package protocol ConfigEntry: Sendable, Equatable {
    /// An entry before its keys are applied.
    init()
    /// The array's name in the file: `watches` for `[[watches]]`.
    static var array: String { get }
    static var keys: [SectionKey<Self>] { get }
    /// Keys every entry must set (`name` always is).
    static var required: [String] { get }
    /// Its block of the documented default file.
    static var documented: String { get }
    /// The entries in effect without a config file: those of `documented`, so that
    /// `config default` reads back as the built-in defaults.
    static var defaults: [Self] { get }
    /// `[a-z0-9_-]`, unique within the array: the entry's link and its subject.
    var name: String { get }
    /// Checks between keys; the key named (within the entry) is the one to fix.
    func check() -> (key: String, message: String)?
    /// A secret it names that cannot be had now (an unset variable, an unreadable file). Only
    /// `config check` refuses the file for it: a view resolves no secret, and a poll fails
    /// this entry alone.
    func unresolvedSecret() -> (key: String, message: String)?
    /// What `config check` warns about without refusing: valid, yet likely not what was meant.
    func advice() -> (key: String?, message: String)?
    /// Why the program would run without this entry (a reminder no day meets): `config check`
    /// refuses the file for it, the rest warn and leave the entry out.
    func leftOutBecause() -> (key: String, message: String)?
    /// The `[[channels]]` its alerts always go to as well.
    var channels: [String] { get }
    /// Files holding its secrets that other users can read, for a warning at every load.
    var exposedSecretFiles: [String] { get }
    /// The ntfy topic it posts to or reads, if any: one `[sync]` must not share.
    var ntfyTopic: String? { get }
    /// The rule its alerts come from (their key is the entry's name); `nil` for none.
    static var rule: String? { get }
}

extension ConfigEntry {
    package static var required: [String] { [] }
    package static var defaults: [Self] { [] }
    package func check() -> (key: String, message: String)? { nil }
    package func unresolvedSecret() -> (key: String, message: String)? { nil }
    package func advice() -> (key: String?, message: String)? { nil }
    package func leftOutBecause() -> (key: String, message: String)? { nil }
    package var channels: [String] { [] }
    package var exposedSecretFiles: [String] { [] }
    package var ntfyTopic: String? { nil }
    package static var rule: String? { nil }
}

/// A name an entry may have: what a link and a subject can carry as they are.
package enum EntryName {
    package static func problem(_ name: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_-")
        guard !name.isEmpty, name.count <= 64, name.allSatisfy(allowed.contains) else {
            return "must be 1 to 64 of a-z, 0-9, _ and -, got \(name.tomlQuoted)"
        }
        return nil
    }
}

/// One repeated table in its place in `Config`.
package struct ConfigEntryList: Sendable {
    package let array: String
    package let documented: String
    /// Reads every entry of the array with the rule keys its entries have besides their own,
    /// or the error naming the entry's key and line.
    let applyEntries: @Sendable (inout Config, [[String: ConfigValue]], EntryLines, [RuleKeys]) -> ConfigEntryProblem?
    /// `[[array]]` blocks of the entries in effect with their rule keys, secrets masked.
    let renderEntries: @Sendable (Config, [RuleKeys]) -> String
    /// The keys delivery gives every rule, which the schema adds; those `onEntries`
    /// (`acknowledge`, `escalate`) every entry has besides its own. None for a list read alone.
    package var ruleKeys: [RuleKeys] = []
    /// `config check`'s own look at the entries read: the first secret that cannot be had,
    /// then each entry's advice, with their lines.
    package let unresolvedSecret: @Sendable (Config, EntryLines) -> ConfigEntryProblem?
    package let advice: @Sendable (Config, EntryLines) -> [ConfigEntryProblem]
    /// The entries the program runs without, each with its line.
    package let leftOut: @Sendable (Config, EntryLines) -> [ConfigEntryProblem]
    /// Each entry's name and the channels it names.
    package let channels: @Sendable (Config) -> [(entry: String, channels: [String])]
    /// Each entry's name and its ntfy topic, for those with one.
    package let topics: @Sendable (Config) -> [(entry: String, topic: String)]
    /// A warning for each file holding an entry's secret that other users can read.
    package let exposedSecrets: @Sendable (Config) -> [String]
    package let rule: String?

    package init<Entry: ConfigEntry>(_ field: WritableKeyPath<Config, [Entry]> & Sendable) {
        array = Entry.array
        documented = Entry.documented
        channels = { config in config[keyPath: field].map { ($0.name, $0.channels) } }
        rule = Entry.rule
        topics = { config in config[keyPath: field].compactMap { entry in entry.ntfyTopic.map { (entry.name, $0) } } }
        exposedSecrets = { config in
            config[keyPath: field].flatMap { entry in
                entry.exposedSecretFiles.map { "\($0) holds a secret of [[\(Entry.array)]] \(entry.name) and other users can read it: chmod 600 \($0)" }
            }
        }
        applyEntries = { config, tables, lines, ruleKeys in
            switch Self.readEntries(Entry.self, from: tables, lines: lines, ruleKeys: ruleKeys) {
            case .success(let (entries, pending)):
                config[keyPath: field] = entries
                for keys in ruleKeys { keys.clearEntries(&config, Entry.array) }
                for (name, values) in pending { for value in values { value.store(in: &config, array: Entry.array, entry: name) } }
                return nil
            case .failure(let problem): return problem
            }
        }
        renderEntries = { config, ruleKeys in
            config[keyPath: field].map { entry in
                // A key rendered as "" is unset (an optional level): left out rather than invented.
                "[[\(Entry.array)]]\n"
                    + Entry.keys.compactMap { key in
                        let value = key.render(entry)
                        return value.isEmpty ? nil : "\(key.name) = \(value)\n"
                    }.joined()
                    + ruleKeys.map { $0.renderEntry(config, Entry.array, entry.name) }.joined()
            }.joined(separator: "\n")
        }
        unresolvedSecret = { config, lines in
            for (index, entry) in config[keyPath: field].enumerated() {
                if let (key, message) = entry.unresolvedSecret() {
                    return ConfigEntryProblem(line: lines.line(index, key), message: "\(Entry.array)[\(index)].\(key) \(message)")
                }
            }
            return nil
        }
        leftOut = { config, lines in
            config[keyPath: field].enumerated().compactMap { index, entry in
                entry.leftOutBecause().map { key, message in
                    ConfigEntryProblem(line: lines.line(index, key), message: "\(Entry.array)[\(index)].\(key) \(message)")
                }
            }
        }
        advice = { config, lines in
            config[keyPath: field].enumerated().compactMap { index, entry in
                entry.advice().map { key, message in
                    let shown = key.map { "\(Entry.array)[\(index)].\($0)" } ?? "\(Entry.array)[\(index)]"
                    return ConfigEntryProblem(line: lines.line(index, key), message: "\(shown) \(message)")
                }
            }
        }
    }

    /// Reads every entry of the array; with this list's rule keys and into `config` for a
    /// schema's list, alone for one read on its own.
    package func apply(_ config: inout Config, _ tables: [[String: ConfigValue]], _ lines: EntryLines) -> ConfigEntryProblem? {
        applyEntries(&config, tables, lines, ruleKeys.filter(\.onEntries))
    }

    /// `[[array]]` blocks of the entries in effect, secrets masked.
    package func render(_ config: Config) -> String { renderEntries(config, ruleKeys.filter(\.onEntries)) }

    /// The entries alone, read with `ruleKeys` besides their own keys.
    package static func entries<Entry: ConfigEntry>(_ type: Entry.Type, from tables: [[String: ConfigValue]], lines: EntryLines, ruleKeys: [RuleKeys] = [])
        -> Result<[Entry], ConfigEntryProblem>
    {
        readEntries(type, from: tables, lines: lines, ruleKeys: ruleKeys).map { $0.entries }
    }

    /// The entries, and the values of the rule keys of those that set them, by name: keys every
    /// entry has, whatever its own.
    static func readEntries<Entry: ConfigEntry>(
        _: Entry.Type, from tables: [[String: ConfigValue]], lines: EntryLines, ruleKeys: [RuleKeys]
    ) -> Result<(entries: [Entry], pending: [(String, [any PendingEntryValue])]), ConfigEntryProblem> {
        let keysByName = Dictionary(uniqueKeysWithValues: Entry.keys.map { ($0.name, $0) })
        var entries: [Entry] = []
        var pendingByEntry: [(String, [any PendingEntryValue])] = []
        for (index, table) in tables.enumerated() {
            func problem(_ key: String?, _ message: String) -> ConfigEntryProblem {
                let shown = key.map { "\(Entry.array)[\(index)].\($0)" } ?? "\(Entry.array)[\(index)]"
                return ConfigEntryProblem(line: lines.line(index, key), message: "\(shown) \(message)")
            }
            var entry = Entry()
            var pending = ruleKeys.map { $0.pending() }
            for name in table.keys.sorted() {
                if let slot = pending.firstIndex(where: { $0.has(name) }) {
                    if let message = pending[slot].apply(name, table[name]!) { return .failure(problem(name, message)) }
                    continue
                }
                guard let key = keysByName[name] else {
                    let known = Entry.keys.map(\.name) + ruleKeys.flatMap(\.names)
                    let near = NearName.closest(to: name, among: known).map { "; did you mean \($0)?" } ?? ""
                    return .failure(problem(name, "is not a key of [[\(Entry.array)]]; known keys: \(known.joined(separator: ", "))\(near)"))
                }
                if let message = key.apply(&entry, table[name]!) { return .failure(problem(name, message)) }
            }
            for name in ["name"] + Entry.required where table[name] == nil {
                return .failure(problem(nil, "needs \(name) = …"))
            }
            if let message = EntryName.problem(entry.name) { return .failure(problem("name", message)) }
            if entries.contains(where: { $0.name == entry.name }) {
                return .failure(problem("name", "\(entry.name.tomlQuoted) is already the name of another [[\(Entry.array)]]"))
            }
            if let (key, message) = entry.check() { return .failure(problem(key, message)) }
            pendingByEntry.append((entry.name, pending))
            entries.append(entry)
        }
        return .success((entries, pendingByEntry))
    }
}

package struct ConfigEntryProblem: Error, Equatable {
    package var line: Int?
    package var message: String
}

/// The lines of one array's entries in the file: entry `index`'s key, else its `[[…]]` header.
package struct EntryLines: Sendable {
    package var array: String
    package var keyLines: TOMLKeyLines

    package func line(_ index: Int, _ key: String?) -> Int? {
        keyLines.line(of: [array, "\(index)"] + (key.map { [$0] } ?? []))
    }
}
