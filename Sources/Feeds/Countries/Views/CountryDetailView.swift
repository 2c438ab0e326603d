import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier open country KZ`: everything the data set knows about one country.
package struct CountryDetailView {
    package let country: Country
    package let data: CountryData
    package let locale: Locale
    package let now: Date

    package var borderNames: [String] {
        country.borders.map { data.catalog.name(ofCCA3: $0) ?? $0 }
    }

    package var capitalLine: String? {
        guard !country.capitals.isEmpty else { return nil }
        var text = country.capitals.joined(separator: ", ")
        if let position = country.capitalCoordinates {
            text += " (\(Self.coordinates(position)))"
        }
        return text
    }

    package var mapLink: String? {
        country.capitalCoordinates.map { position in
            let lat = FixedPoint.text(position.latitude, places: 4) ?? String(format: "%.4f", position.latitude)
            let lon = FixedPoint.text(position.longitude, places: 4) ?? String(format: "%.4f", position.longitude)
            return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=10/\(lat)/\(lon)"
        }
    }

    package var sourceLine: String {
        guard let fetchedAt = data.fetchedAt else { return data.origin }
        return "\(data.origin), fetched \(UTCStamp.text(fetchedAt)) (\(Elapsed.short(from: fetchedAt, to: now)) ago)"
    }

    package func render(style: TerminalStyle) -> String {
        var rows: [(String, String)] = []
        rows.append(("Capital", capitalLine ?? "none"))
        if let mapLink { rows.append(("", mapLink)) }
        rows.append(("Region", [country.region, country.subregion ?? ""].filter { !$0.isEmpty }.joined(separator: " · ")))
        if !country.continents.isEmpty { rows.append(("Continents", country.continents.joined(separator: ", "))) }
        rows.append(("Population", Formatting.integer(country.population, locale: locale)))
        if let area = country.area { rows.append(("Area", Formatting.decimal(area, locale: locale) + " km²")) }
        for (index, currency) in country.currencies.enumerated() {
            rows.append((index == 0 ? "Currencies" : "", Formatting.currency(currency)))
        }
        if country.currencies.isEmpty { rows.append(("Currencies", "none")) }
        rows.append(("Languages", country.languages.isEmpty ? "none" : country.languages.map(\.name).joined(separator: ", ")))
        if !country.timezones.isEmpty { rows.append(("Timezones", country.timezones.joined(separator: ", "))) }
        rows.append(("Borders", borderNames.isEmpty ? "none" : borderNames.joined(separator: ", ")))

        var text = style.bold([country.flag, country.commonName].filter { !$0.isEmpty }.joined(separator: " "))
        text += "  \(country.cca2) / \(country.cca3)\n"
        if country.officialName != country.commonName { text += "\(country.officialName)\n" }
        text += "\n"
        for (label, value) in rows {
            // Not Foundation's `padding(toLength:)`: through NSString, a cost on every open.
            text += style.bold(DisplayWidth.padded(label, 12)) + value + "\n"
        }
        text += "\n" + style.dim("Source: \(sourceLine)") + "\n"
        return TextSanitizer.printable(text)
    }

    package struct JSONView: Encodable {
        package var country: Country
        package var borderNames: [String]
        package var openStreetMap: String?
        package var source: String
        package var fetchedAt: String?
        /// The data's date: fetched, or the embedded data's month.
        package var dataDate: String
    }

    package func renderJSON() throws -> String {
        let view = JSONView(
            country: country, borderNames: borderNames, openStreetMap: mapLink, source: data.origin,
            fetchedAt: data.fetchedAt.map { RelativeTime.iso($0) }, dataDate: data.dataDate)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(view), as: UTF8.self) + "\n"
    }

    package static func coordinates(_ position: Country.Coordinates) -> String {
        func degrees(_ value: Double) -> String { FixedPoint.text(abs(value), places: 2) ?? String(format: "%.2f", abs(value)) }
        let lat = degrees(position.latitude) + (position.latitude >= 0 ? "°N" : "°S")
        let lon = degrees(position.longitude) + (position.longitude >= 0 ? "°E" : "°W")
        return "\(lat), \(lon)"
    }
}
