import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier list countries`: grouped by continent, as the atlas app's main list.
package struct CountryListView {
    package enum Sort: String, CaseIterable, Sendable { case name, population, area }

    package let countries: [Country]
    package let locale: Locale

    package func render(region: String?, sort: Sort, style: TerminalStyle) -> String {
        let wanted = region?.lowercased()
        let selected = countries.filter { country in
            guard let wanted else { return true }
            return country.region.lowercased() == wanted || (country.subregion?.lowercased() == wanted)
                || country.continents.contains { $0.lowercased() == wanted }
        }
        guard !selected.isEmpty else {
            return "No countries in region '\(region ?? "")'. Regions: \(Set(countries.map(\.region)).sorted().joined(separator: ", "))\n"
        }
        let groups = Dictionary(grouping: selected) { $0.continents.first ?? $0.region }
        var text = ""
        for continent in groups.keys.sorted() {
            text += style.bold("\(continent) (\(groups[continent]!.count))") + "\n"
            for country in Self.sorted(groups[continent]!, by: sort) {
                // Long names are cut with "…", never silently mid-word ("Saint Helena, Ascension and Tri").
                let name = TextSanitizer.cut(country.flag + " " + country.commonName, to: 35).padding(toLength: 36, withPad: " ", startingAt: 0)
                let capital = TextSanitizer.cut(country.capitals.first ?? "—", to: 19).padding(toLength: 20, withPad: " ", startingAt: 0)
                let population = Formatting.integer(country.population, locale: locale)
                let area = country.area.map { Formatting.decimal($0, locale: locale) + " km²" } ?? "—"
                text += "  \(name) \(capital) \(population.leftPadded(14)) \(area.leftPadded(16))\n"
            }
        }
        return TextSanitizer.printable(text)
    }

    package static func sorted(_ countries: [Country], by sort: Sort) -> [Country] {
        switch sort {
        case .name: return countries.sorted { $0.commonName.localizedStandardCompare($1.commonName) == .orderedAscending }
        case .population: return countries.sorted { $0.population > $1.population }
        case .area: return countries.sorted { ($0.area ?? 0) > ($1.area ?? 0) }
        }
    }
}
