import Foundation
import NotifierCore
import NotifierEngine

/// The interactive `open country KZ`: the details as printed, `o` opens the capital on
/// OpenStreetMap, the border countries can be selected and opened.
package struct CountryDetailModel: ScreenModel {
    package let details: CountryDetailView
    /// The selected border country, an index into `country.borders`.
    package private(set) var selectedBorder = 0
    package private(set) var status: String?

    package init(country: Country, data: CountryData, locale: Locale, now: Date) {
        details = CountryDetailView(country: country, data: data, locale: locale, now: now)
    }

    package var country: Country { details.country }

    package static let keys = [
        KeyHelp(keys: "o", action: "map"), KeyHelp(keys: "←→", action: "border"),
        KeyHelp(keys: "Enter", action: "open border"),
    ]

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        let title = StyledLine([country.flag, country.commonName].filter { !$0.isEmpty }.joined(separator: " ") + "  \(country.cca2) / \(country.cca3)")
        var body: [StyledLine] = []
        if country.officialName != country.commonName { body.append(StyledLine(country.officialName)) }
        body.append(.empty)
        for (label, value) in rows() { body.append(StyledLine([Span(DisplayWidth.padded(label, 12), .bold), Span(value)])) }
        body.append(bordersLine())
        body.append(.empty)
        body.append(StyledLine("Source: \(details.sourceLine)", .dim))
        let message = status.map { StyledLine($0, .warning) }
        return ScreenFrame(title: title, body: body, focus: nil, status: message, keys: Self.keys)
    }

    private func rows() -> [(String, String)] {
        var rows: [(String, String)] = [("Capital", details.capitalLine ?? "none")]
        if details.mapLink != nil { rows.append(("", "o: open the capital in OpenStreetMap")) }
        rows.append(("Region", [country.region, country.subregion ?? ""].filter { !$0.isEmpty }.joined(separator: " · ")))
        if !country.continents.isEmpty { rows.append(("Continents", country.continents.joined(separator: ", "))) }
        rows.append(("Population", Formatting.integer(country.population, locale: details.locale)))
        if let area = country.area { rows.append(("Area", Formatting.decimal(area, locale: details.locale) + " km²")) }
        for (index, currency) in country.currencies.enumerated() {
            rows.append((index == 0 ? "Currencies" : "", Formatting.currency(currency)))
        }
        if country.currencies.isEmpty { rows.append(("Currencies", "none")) }
        rows.append(("Languages", country.languages.isEmpty ? "none" : country.languages.map(\.name).joined(separator: ", ")))
        if !country.timezones.isEmpty { rows.append(("Timezones", country.timezones.joined(separator: ", "))) }
        return rows
    }

    /// The borders on one row, the selected one marked with brackets (readable without colour) and reversed.
    private func bordersLine() -> StyledLine {
        var spans = [Span(DisplayWidth.padded("Borders", 12), .bold)]
        let names = details.borderNames
        if names.isEmpty { spans.append(Span("none")) }
        for (index, name) in names.enumerated() {
            if index > 0 { spans.append(Span(", ")) }
            spans.append(index == selectedBorder ? Span("[\(name)]", .selected) : Span(name))
        }
        return StyledLine(spans)
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        switch event {
        case .key(.character("o")):
            guard let link = details.mapLink else {
                status = "No capital coordinates to show on a map."
                return []
            }
            status = "Opening \(link)…"
            return [.openURL(link)]
        case .key(.right), .key(.down), .key(.tab), .key(.character("l")), .key(.character("j")):
            if !country.borders.isEmpty { selectedBorder = (selectedBorder + 1) % country.borders.count }
        case .key(.left), .key(.up), .key(.character("h")), .key(.character("k")):
            if !country.borders.isEmpty { selectedBorder = (selectedBorder + country.borders.count - 1) % country.borders.count }
        case .key(.enter):
            guard selectedBorder < country.borders.count, let neighbour = details.data.catalog.find(country.borders[selectedBorder]) else { return [] }
            return [.push(CountryDetailModel(country: neighbour, data: details.data, locale: details.locale, now: details.now))]
        case .finished(name: "open-url", let result as String):
            status = result
        default: break
        }
        return []
    }
}
