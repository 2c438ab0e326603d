import Foundation
import NotifierEngine
import NotifierSystem
import TOMLKit

/// Reads, checks and applies a config file over the defaults.
package enum ConfigLoader {
    package struct Loaded: Sendable {
        package var config: Config
        /// The file read, or `nil` when none exists and the built-in defaults apply.
        package var file: String?
        /// Worth saying, not worth stopping for.
        package var warnings: [String] = []
        /// Entries the program runs without (a reminder whose `every` never occurs): errors to
        /// `config check`, warnings to the rest, so one of them never stops the others.
        package var leftOut: [ConfigError] = []
    }

    /// `$XDG_CONFIG_HOME/notifier/config.toml`.
    package static func defaultPath(environment: [String: String]) -> String {
        XDGPaths(environment: environment).configHome + "/notifier/config.toml"
    }

    /// `explicitPath` (from `--config`) must exist; the default path may be absent.
    /// `asConfigCheck` adds what only `config check` asks: every secret reference resolved, and
    /// advice among the warnings.
    package static func load(explicitPath: String?, environment: [String: String], schema: ConfigSchema, asConfigCheck: Bool = false) throws(ConfigError)
        -> Loaded
    {
        let path = explicitPath ?? defaultPath(environment: environment)
        var loaded = Loaded(config: Config(schema), file: nil)
        if explicitPath != nil || ConfigFileReader.somethingExists(at: path) {
            let text = try ConfigFileReader.read(path)
            loaded = Loaded(config: try parse(text, file: path, schema: schema), file: path)
            if asConfigCheck { loaded.warnings += try review(loaded.config, text: text, file: path, schema: schema) }
            loaded.leftOut = leftOut(loaded.config, text: text, file: path, schema: schema)
            if let warning = exposedKeyWarning(loaded.config, file: path, schema: schema) { loaded.warnings.append(warning) }
            loaded.warnings += schema.entryLists.flatMap { $0.exposedSecrets(loaded.config) }
        }
        for (variable, key) in schema.environmentKeys {
            if let value = environment[variable], !value.isEmpty { loaded.config[keyPath: key] = Secret(value) }
        }
        return loaded
    }

    /// The first secret reference that cannot be resolved, as an error; then the advice.
    package static func review(_ config: Config, text: String, file: String, schema: ConfigSchema) throws(ConfigError) -> [String] {
        let lines = TOMLKeyLines(text: text)
        for list in schema.entryLists {
            if let problem = list.unresolvedSecret(config, EntryLines(array: list.array, keyLines: lines)) {
                throw ConfigError(file: file, line: problem.line, message: problem.message)
            }
        }
        var warnings: [String] = []
        for feature in schema.deliveryFeatures { warnings += try feature.configReview(config, file: file, lines: lines) }
        return warnings
            + schema.entryLists.flatMap { list in
                list.advice(config, EntryLines(array: list.array, keyLines: lines)).map {
                    ConfigError(file: file, line: $0.line, message: $0.message).description
                }
            }
    }

    /// The entries the program runs without (a reminder no day meets), each with its line.
    package static func leftOut(_ config: Config, text: String, file: String, schema: ConfigSchema) -> [ConfigError] {
        let lines = TOMLKeyLines(text: text)
        return schema.entryLists.flatMap { list in
            list.leftOut(config, EntryLines(array: list.array, keyLines: lines)).map {
                ConfigError(file: file, line: $0.line, message: $0.message)
            }
        }
    }

    /// A file that holds an API key must be for its owner's eyes only.
    package static func exposedKeyWarning(_ config: Config, file: String, schema: ConfigSchema) -> String? {
        var info = stat()
        guard stat(file, &info) == 0, info.st_mode & 0o044 != 0,
            schema.environmentKeys.contains(where: { !config[keyPath: $0.key].isEmpty })
        else { return nil }
        return "\(file) holds an API key and other users can read it: chmod 600 \(file)"
    }

    /// `text` as TOML, checked first for what would make the TOML library abort;
    /// any problem is a `ConfigError` with its line.
    package static func table(_ text: String, file: String) throws(ConfigError) -> TOMLTable {
        if let problem = TOMLPreflight.problem(in: text) {
            throw ConfigError(file: file, line: problem.line, message: "not valid TOML: \(problem.message)")
        }
        do {
            return try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, line: error.source.begin.line, message: "not valid TOML: \(error.description)")
        } catch {
            throw ConfigError(file: file, line: nil, message: "not valid TOML: \(error)")
        }
    }

    package static func parse(_ text: String, file: String, schema: ConfigSchema) throws(ConfigError) -> Config {
        let schema = schema.forOneLoad
        let table = try table(text, file: file)
        var config = Config(schema)
        let lines = TOMLKeyLines(text: text)
        try apply(table, path: [], to: &config, file: file, lines: lines, schema: schema)
        if let (key, message) = config.crossCheck(schema) {
            throw ConfigError(file: file, line: lines.line(of: key.split(separator: ".").map(String.init)), message: "\(key) \(message)")
        }
        return config
    }

    private static func apply(_ table: TOMLTable, path: [String], to config: inout Config, file: String, lines: TOMLKeyLines, schema: ConfigSchema)
        throws(ConfigError)
    {
        for (name, value) in table {
            let keyPath = path + [name]
            let key = keyPath.joined(separator: ".")
            if path.isEmpty, let list = schema.entryListsByName[name] {
                let tables = value.array.map { array in array.map { $0.table.map(\.configFields) } } ?? nil
                guard let tables, tables.allSatisfy({ $0 != nil }) else {
                    throw ConfigError(file: file, line: lines.line(of: keyPath), message: "\(key) must be tables, each as [[\(key)]]")
                }
                if let problem = list.apply(&config, tables.compactMap { $0 }, EntryLines(array: name, keyLines: lines)) {
                    throw ConfigError(file: file, line: problem.line, message: problem.message)
                }
            } else if let setting = schema.settingsByKey[key] {
                if let problem = setting.apply(&config, value.configValue) {
                    throw ConfigError(file: file, line: lines.line(of: keyPath), message: "\(key) \(problem)")
                }
            } else if schema.tables.contains(key), let inner = value.table {
                try apply(inner, path: keyPath, to: &config, file: file, lines: lines, schema: schema)
            } else if schema.tables.contains(key) {
                throw ConfigError(file: file, line: lines.line(of: keyPath), message: "\(key) must be a table ([\(key)])")
            } else {
                let nearby = schema.settings.map(\.key).filter { $0.hasPrefix(path.joined(separator: ".")) && !path.isEmpty }
                let hint = nearby.isEmpty ? "" : "; known keys here: " + nearby.map { String($0.split(separator: ".").last!) }.joined(separator: ", ")
                throw ConfigError(
                    file: file, line: lines.line(of: keyPath), message: "unknown key '\(key)'\(hint)\(suggestion(for: name, in: path, schema: schema))")
            }
        }
    }

    /// "; did you mean [[watches]]?" for a name close to a key, table or array of tables at
    /// the same level; "" when none is close.
    package static func suggestion(for name: String, in path: [String], schema: ConfigSchema) -> String {
        var known = Set(
            schema.settings.compactMap { setting in
                setting.path.count > path.count && Array(setting.path.prefix(path.count)) == path ? setting.path[path.count] : nil
            })
        if path.isEmpty { known.formUnion(schema.entryListsByName.keys) }
        guard let near = NearName.closest(to: name, among: known.sorted()) else { return "" }
        let full = (path + [near]).joined(separator: ".")
        if path.isEmpty, schema.entryListsByName[near] != nil { return "; did you mean [[\(near)]]?" }
        return schema.tables.contains(full) ? "; did you mean [\(full)]?" : "; did you mean '\(near)'?"
    }

    package static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

extension TOMLTable {
    /// Its keys' values, as an entry of a repeated table sees them.
    package var configFields: [String: ConfigValue] {
        var fields: [String: ConfigValue] = [:]
        for (name, value) in self { fields[name] = value.configValue }
        return fields
    }
}

extension TOMLValueConvertible {
    package var configValue: ConfigValue {
        switch type {
        case .bool: return .bool(bool ?? false)
        case .int: return .integer(int ?? 0)
        case .string: return .string(string ?? "")
        case .double: return .double(double ?? .nan)
        case .table:
            // Overrides by name are tables of tables; a place is a table of plain values.
            guard let table else { return .other("a table") }
            var fields: [String: ConfigValue] = [:]
            var tables: [String: [String: ConfigValue]] = [:]
            for (name, inner) in table {
                fields[name] = inner.configValue
                if let innerTable = inner.table {
                    var innerFields: [String: ConfigValue] = [:]
                    for (innerName, value) in innerTable { innerFields[innerName] = value.configValue }
                    tables[name] = innerFields
                }
            }
            return tables.count == fields.count ? .tableOfTables(tables) : .table(fields)
        case .array:
            guard let array, !array.isEmpty else { return .emptyArray }
            let strings = array.compactMap { $0.type == .string ? $0.string : nil }
            if strings.count == array.count { return .strings(strings) }
            let integers = array.compactMap { $0.type == .int ? $0.int : nil }
            return integers.count == array.count ? .integers(integers) : .list(array.map(\.configValue))
        default: return .other("a date or time")
        }
    }
}
