import Foundation
import NotifierEngine

/// Finds the line of each key in a TOML text. TOMLKit reports positions only for syntax
/// errors, yet a user needs the line of a key whose value is wrong too. A key of the n-th
/// `[[array]]` entry (from 0) is found as `array.n.key`.
package struct TOMLKeyLines: Sendable {
    private var lines: [String: Int] = [:]

    package init(text: String) {
        var table: [String] = []
        var entriesSeen: [String: Int] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            let number = index + 1
            if line.hasPrefix("[") {
                let inner = line.drop { $0 == "[" }.prefix { $0 != "]" }
                table = Self.keyPath(String(inner))
                // Each table it opens has a line too: `[feed.crypto]` is where `feed` is.
                for count in 1..<max(1, table.count) { record(Array(table.prefix(count)), number) }
                if line.hasPrefix("[[") {
                    // The array's own name has the line of its first entry, as a table's has.
                    record(table, number)
                    let name = table.joined(separator: ".")
                    let index = entriesSeen[name, default: 0]
                    entriesSeen[name] = index + 1
                    table.append("\(index)")
                }
                record(table, number)
            } else if let eq = line.firstIndex(of: "="), !line.hasPrefix("#") {
                record(table + Self.keyPath(String(line[..<eq])), number)
            }
        }
    }

    private mutating func record(_ path: [String], _ line: Int) {
        let key = path.joined(separator: ".")
        if lines[key] == nil { lines[key] = line }
    }

    /// The line of `path`, else of its nearest enclosing table that has one.
    package func line(of path: [String]) -> Int? {
        var path = path
        while !path.isEmpty {
            if let line = lines[path.joined(separator: ".")] { return line }
            path.removeLast()
        }
        return nil
    }

    package static func keyPath(_ text: String) -> [String] {
        text.split(separator: ".").map { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            // A basic-string key may hold escapes (`"a\u001Bb"`): JSON reads those the same way.
            if trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\""), trimmed.contains("\\"),
                let decoded = try? JSONDecoder().decode(String.self, from: Data(trimmed.utf8))
            {
                return decoded
            }
            return trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
    }
}
