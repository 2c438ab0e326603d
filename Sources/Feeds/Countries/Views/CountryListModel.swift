import Foundation
import NotifierCore
import NotifierEngine

/// The interactive `list countries`: a section per continent that opens and closes, `/` to
/// filter by name or code, Enter opens the country.
package struct CountryListModel: ScreenModel {
    package enum Row: Equatable {
        case continent(String, count: Int, open: Bool)
        case country(Country)
    }

    package let sections: [(continent: String, countries: [Country])]
    package let data: CountryData
    package let locale: Locale
    package let now: Date
    package private(set) var open: Set<String> = []
    package private(set) var filter = ""
    package private(set) var isTyping = false
    package private(set) var selected = 0

    package init(countries: [Country], sort: CountryListView.Sort, data: CountryData, locale: Locale, now: Date) {
        let groups = Dictionary(grouping: countries) { $0.continents.first ?? $0.region }
        sections = groups.keys.sorted().map { ($0, CountryListView.sorted(groups[$0]!, by: sort)) }
        self.data = data
        self.locale = locale
        self.now = now
    }

    /// The rows shown: every continent, and the countries of open ones; with a filter, only
    /// continents with a match, open.
    package var rows: [Row] {
        var rows: [Row] = []
        for section in sections {
            let matching = filter.isEmpty ? section.countries : section.countries.filter(matches)
            if !filter.isEmpty && matching.isEmpty { continue }
            let isOpen = !filter.isEmpty || open.contains(section.continent)
            rows.append(.continent(section.continent, count: matching.count, open: isOpen))
            if isOpen { rows += matching.map(Row.country) }
        }
        return rows
    }

    private func matches(_ country: Country) -> Bool {
        let wanted = filter.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return [country.commonName, country.officialName, country.cca2, country.cca3].contains {
            $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).contains(wanted)
        }
    }

    package static let keys = [
        KeyHelp(keys: "↑↓", action: "move"), KeyHelp(keys: "Enter", action: "open"),
        KeyHelp(keys: "←→", action: "fold"), KeyHelp(keys: "/", action: "filter"),
        KeyHelp(keys: "a", action: "open all sections", inFooter: false),
    ]

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        let rows = rows
        let total = sections.reduce(0) { $0 + $1.countries.count }
        let title = StyledLine("Countries (\(total))" + (filter.isEmpty ? "" : " — filter: \(filter)"))
        var body: [StyledLine] = rows.isEmpty ? [StyledLine("No country matches '\(filter)'.", .warning)] : []
        for (index, row) in rows.enumerated() {
            let mark = index == selected ? "› " : "  "
            var line: StyledLine
            switch row {
            case .continent(let name, let count, let isOpen):
                line = StyledLine([Span(mark + (isOpen ? "▾ " : "▸ ")), Span("\(name) (\(count))", .bold)])
            case .country(let country):
                let name = DisplayWidth.padded(country.flag + " " + country.commonName, 34)
                let capital = DisplayWidth.padded(country.capitals.first ?? "—", 18)
                let population = DisplayWidth.rightAligned(Formatting.integer(country.population, locale: locale), 14)
                line = StyledLine([Span(mark + "    " + name + " " + capital), Span(population, .dim)])
            }
            body.append(index == selected ? line.emphasised(.selected) : line)
        }
        let status: StyledLine? =
            isTyping
            ? StyledLine([Span("Filter: ", .bold), Span(filter + "▏"), Span("  Enter keeps it, Esc clears", .dim)])
            : StyledLine(data.sourceLine, .dim)
        let keys = isTyping ? [KeyHelp(keys: "Enter", action: "done"), KeyHelp(keys: "Esc", action: "clear")] : Self.keys
        return ScreenFrame(title: title, body: body, focus: rows.isEmpty ? nil : selected, status: status, keys: keys)
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        guard case .key(let key) = event else { return [] }
        if isTyping {
            type(key)
            return []
        }
        let rows = rows
        switch key {
        case .up, .character("k"): selected = max(0, selected - 1)
        case .down, .character("j"): selected = min(max(0, rows.count - 1), selected + 1)
        case .pageUp: selected = max(0, selected - 10)
        case .pageDown: selected = min(max(0, rows.count - 1), selected + 10)
        case .home: selected = 0
        case .end: selected = max(0, rows.count - 1)
        case .character("/"): isTyping = true
        case .character("a"): open = Set(sections.map(\.continent))
        case .right, .left, .enter, .character(" "):
            guard selected < rows.count else { return [] }
            switch rows[selected] {
            case .continent(let name, _, let isOpen):
                if key == .right || (!isOpen && key != .left) { open.insert(name) } else { open.remove(name) }
            case .country(let country):
                if key == .enter { return [.push(CountryDetailModel(country: country, data: data, locale: locale, now: now))] }
                if key == .left, let section = sections.first(where: { $0.countries.contains(country) }) {
                    open.remove(section.continent)
                    selected = self.rows.firstIndex(of: .continent(section.continent, count: section.countries.count, open: false)) ?? 0
                }
            }
        default: break
        }
        return []
    }

    private mutating func type(_ key: Key) {
        switch key {
        case .enter: isTyping = false
        case .escape:
            isTyping = false
            filter = ""
        case .backspace: if !filter.isEmpty { filter.removeLast() }
        case .character(let character): filter.append(character)
        default: break
        }
        let rows = rows
        selected = min(selected, max(0, rows.count - 1))
        guard !filter.isEmpty else { return }
        // The best match first: a code, then a name that starts with the filter, then any.
        let wanted = filter.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        func rank(_ row: Row) -> Int? {
            guard case .country(let country) = row else { return nil }
            if [country.cca2, country.cca3].contains(where: { $0.lowercased() == wanted }) { return 0 }
            return country.commonName.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).hasPrefix(wanted) ? 1 : 2
        }
        if let best = rows.indices.compactMap({ index in rank(rows[index]).map { (index, $0) } }).min(by: { $0.1 < $1.1 }) { selected = best.0 }
    }
}
