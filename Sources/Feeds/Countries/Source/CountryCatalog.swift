import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Countries kept as one line each — `CCA2 \t CCA3 \t common name \t JSON` — so that finding
/// one country scans short keys and decodes only that country's JSON. The embedded data set
/// and stored snapshots share this form.
public struct CountryCatalog: Sendable {
    public struct Entry: Sendable {
        public let cca2: Substring
        public let cca3: Substring
        public let name: Substring
        let json: Substring
    }

    public let entries: [Entry]

    public init(text: String) {
        entries = Self.index(text)
    }

    /// Splits on bytes, not Characters: the detail view's start-up is dominated by this scan, and
    /// grapheme breaking 150 kB of text costs milliseconds where a byte scan costs microseconds.
    /// A line's end and its three tabs are found by `memchr`.
    private static func index(_ text: String) -> [Entry] {
        var text = text
        // Each line's start, three tabs and end, as byte offsets.
        let lines: [(start: Int, tabs: (Int, Int, Int), end: Int)] = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [] }
            var lines: [(start: Int, tabs: (Int, Int, Int), end: Int)] = []
            lines.reserveCapacity(256)
            // The first `byte` in `from..<to`, by memchr.
            func find(_ byte: UInt8, from: Int, to: Int) -> Int? {
                memchr(base + from, Int32(byte), to - from).map { UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0)) }
            }
            var start = 0
            while start < bytes.count {
                let end = find(UInt8(ascii: "\n"), from: start, to: bytes.count) ?? bytes.count
                if let a = find(UInt8(ascii: "\t"), from: start, to: end), let b = find(UInt8(ascii: "\t"), from: a + 1, to: end),
                    let c = find(UInt8(ascii: "\t"), from: b + 1, to: end)
                {
                    lines.append((start, (a, b, c), end))
                }
                start = end + 1
            }
            return lines
        }
        // Tabs and newlines are ASCII, so every bound sits on a character boundary; a UTF-8
        // string's index moves by an offset in constant time.
        let utf8 = text.utf8
        func at(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var entries: [Entry] = []
        entries.reserveCapacity(lines.count)
        for (start, tabs, end) in lines {
            let (a, b, c) = tabs
            entries.append(
                Entry(cca2: text[at(start)..<at(a)], cca3: text[at(a + 1)..<at(b)], name: text[at(b + 1)..<at(c)], json: text[at(c + 1)..<at(end)]))
        }
        return entries
    }

    public init(countries: [Country]) {
        self.init(text: Self.text(for: countries))
    }

    public var count: Int { entries.count }

    public func country(at index: Int) -> Country? {
        entries.indices.contains(index) ? decode(entries[index]) : nil
    }

    /// By CCA2, CCA3 or any of its names (common, official, ISO, other spellings), ignoring
    /// case and accents: "sao tome", "cote d'ivoire", "Russian Federation", "turkey". A query
    /// that only begins a name finds the one country whose name it begins, if only one does.
    public func find(_ query: String) -> Country? {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        let wanted = trimmed.uppercased()
        guard !wanted.isEmpty else { return nil }
        // Codes and common names first: the click's path, with no decoding but the match.
        if let match = entries.first(where: { $0.cca2 == wanted || $0.cca3 == wanted }) ?? entries.first(where: { $0.name.uppercased() == wanted }) {
            return decode(match)
        }
        let folded = Self.folded(trimmed)
        let countries = all()
        let names = countries.map { country in ([country.commonName, country.officialName] + (country.alternativeNames ?? [])).map(Self.folded) }
        if let index = names.firstIndex(where: { $0.contains(folded) }) { return countries[index] }
        guard folded.count >= 3 else { return nil }
        let beginning = names.indices.filter { names[$0].contains { $0.hasPrefix(folded + " ") || $0.hasPrefix(folded + ",") } }
        return beginning.count == 1 ? countries[beginning[0]] : nil
    }

    /// Lower case, no accents, one kind of apostrophe, single spaces and no leading "the": how
    /// names are compared ("the State of Eritrea" is ISO's).
    public static func folded(_ name: String) -> String {
        let words = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "\u{2019}", with: "'")
            .split(whereSeparator: \.isWhitespace)
        return (words.first == "the" && words.count > 1 ? words.dropFirst() : words[...]).joined(separator: " ")
    }

    /// Names of countries that look like `query`, closest first: for "unknown country" messages.
    public func suggestions(for query: String, limit: Int = 3) -> [String] {
        let wanted = Self.folded(query)
        guard !wanted.isEmpty else { return [] }
        let scored = entries.compactMap { entry -> (Int, String)? in
            let name = Self.folded(String(entry.name))
            if name.hasPrefix(wanted) { return (0, String(entry.name)) }
            if name.contains(wanted) { return (1, String(entry.name)) }
            let distance = NearName.editDistance(name, wanted)
            return distance <= max(2, wanted.count / 3) ? (2 + distance, String(entry.name)) : nil
        }
        return scored.sorted { $0 < $1 }.prefix(limit).map(\.1)
    }

    public func name(ofCCA3 code: String) -> String? {
        entries.first { $0.cca3 == code }.map { String($0.name) }
    }

    public func all() -> [Country] {
        entries.compactMap(decode)
    }

    private func decode(_ entry: Entry) -> Country? {
        try? JSONDecoder().decode(Country.self, from: Data(entry.json.utf8))
    }

    public static func text(for countries: [Country]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return countries.sorted { $0.cca2 < $1.cca2 }.compactMap { country in
            guard let json = try? encoder.encode(country) else { return nil }
            let name = country.commonName.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
            return "\(country.cca2)\t\(country.cca3)\t\(name)\t\(String(decoding: json, as: UTF8.self))"
        }.joined(separator: "\n")
    }
}
