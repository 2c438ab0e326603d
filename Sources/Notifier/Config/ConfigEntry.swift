import Foundation
import NotifierCore
import NotifierEngine

/// A table that repeats (`[[watches]]`, `[[reminders]]`): each entry a value of the conforming
/// type, its keys checked, applied and printed through `SectionKey`s as a section's are, told
/// apart from the others by its `name`.
protocol ConfigEntry: Sendable, Equatable {
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
    /// The rule its alerts come from (their key is the entry's name); `nil` for none.
    static var rule: String? { get }
}

extension ConfigEntry {
    static var required: [String] { [] }
    static var defaults: [Self] { [] }
    func check() -> (key: String, message: String)? { nil }
    func unresolvedSecret() -> (key: String, message: String)? { nil }
    func advice() -> (key: String?, message: String)? { nil }
    func leftOutBecause() -> (key: String, message: String)? { nil }
    var channels: [String] { [] }
    static var rule: String? { nil }
}

/// A name an entry may have: what a link and a subject can carry as they are.
enum EntryName {
    static func problem(_ name: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_-")
        guard !name.isEmpty, name.count <= 64, name.allSatisfy(allowed.contains) else {
            return "must be 1 to 64 of a-z, 0-9, _ and -, got \(name.tomlQuoted)"
        }
        return nil
    }
}

/// One repeated table in its place in `Config`.
struct ConfigEntryList: Sendable {
    let array: String
    let documented: String
    /// Reads every entry of the array, or the error naming the entry's key and line.
    let apply: @Sendable (inout Config, [[String: ConfigValue]], EntryLines) -> ConfigEntryProblem?
    /// `[[array]]` blocks of the entries in effect, secrets masked.
    let render: @Sendable (Config) -> String
    /// `config check`'s own look at the entries read: the first secret that cannot be had,
    /// then each entry's advice, with their lines.
    let unresolvedSecret: @Sendable (Config, EntryLines) -> ConfigEntryProblem?
    let advice: @Sendable (Config, EntryLines) -> [ConfigEntryProblem]
    /// The entries the program runs without, each with its line.
    let leftOut: @Sendable (Config, EntryLines) -> [ConfigEntryProblem]
    /// Each entry's name and the channels it names.
    let channels: @Sendable (Config) -> [(entry: String, channels: [String])]
    let rule: String?

    init<Entry: ConfigEntry>(_ field: WritableKeyPath<Config, [Entry]> & Sendable) {
        array = Entry.array
        documented = Entry.documented
        channels = { config in config[keyPath: field].map { ($0.name, $0.channels) } }
        rule = Entry.rule
        apply = { config, tables, lines in
            var attention: [String: AttentionPolicy] = [:]
            switch Self.entries(Entry.self, from: tables, lines: lines, attention: &attention) {
            case .success(let entries):
                config[keyPath: field] = entries
                config.entryAttention[Entry.array] = attention.isEmpty ? nil : attention
                return nil
            case .failure(let problem): return problem
            }
        }
        render = { config in
            config[keyPath: field].map { entry in
                // A key rendered as "" is unset (an optional level): left out rather than invented.
                let policy = config.entryAttention[Entry.array]?[entry.name] ?? AttentionPolicy()
                return "[[\(Entry.array)]]\n"
                    + Entry.keys.compactMap { key in
                        let value = key.render(entry)
                        return value.isEmpty ? nil : "\(key.name) = \(value)\n"
                    }.joined()
                    + AttentionPolicy.keys.compactMap { key in
                        let value = key.render(policy)
                        return value.isEmpty ? nil : "\(key.name) = \(value)\n"
                    }.joined()
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

    static func entries<Entry: ConfigEntry>(_ type: Entry.Type, from tables: [[String: ConfigValue]], lines: EntryLines)
        -> Result<[Entry], ConfigEntryProblem>
    {
        var attention: [String: AttentionPolicy] = [:]
        return entries(type, from: tables, lines: lines, attention: &attention)
    }

    /// The entries, and the `acknowledge`/`escalate` of those that set them, by name: keys
    /// every entry has, whatever its own.
    static func entries<Entry: ConfigEntry>(
        _: Entry.Type, from tables: [[String: ConfigValue]], lines: EntryLines, attention: inout [String: AttentionPolicy]
    ) -> Result<[Entry], ConfigEntryProblem> {
        let attentionKeys = Dictionary(uniqueKeysWithValues: AttentionPolicy.keys.map { ($0.name, $0) })
        let keysByName = Dictionary(uniqueKeysWithValues: Entry.keys.map { ($0.name, $0) })
        var entries: [Entry] = []
        for (index, table) in tables.enumerated() {
            func problem(_ key: String?, _ message: String) -> ConfigEntryProblem {
                let shown = key.map { "\(Entry.array)[\(index)].\($0)" } ?? "\(Entry.array)[\(index)]"
                return ConfigEntryProblem(line: lines.line(index, key), message: "\(shown) \(message)")
            }
            var entry = Entry()
            var policy = AttentionPolicy()
            for name in table.keys.sorted() {
                if let key = attentionKeys[name] {
                    if let message = key.apply(&policy, table[name]!) { return .failure(problem(name, message)) }
                    continue
                }
                guard let key = keysByName[name] else {
                    let known = Entry.keys.map(\.name) + AttentionPolicy.keyNames
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
            if policy != AttentionPolicy() { attention[entry.name] = policy }
            entries.append(entry)
        }
        return .success(entries)
    }
}

struct ConfigEntryProblem: Error, Equatable {
    var line: Int?
    var message: String
}

/// The lines of one array's entries in the file: entry `index`'s key, else its `[[…]]` header.
struct EntryLines: Sendable {
    var array: String
    var keyLines: TOMLKeyLines

    func line(_ index: Int, _ key: String?) -> Int? {
        keyLines.line(of: [array, "\(index)"] + (key.map { [$0] } ?? []))
    }
}

extension Config {
    static let entryListsByName = Dictionary(uniqueKeysWithValues: entryLists.map { ($0.array, $0) })
}
