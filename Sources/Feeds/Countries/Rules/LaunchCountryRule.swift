import Foundation
import NotifierEngine

/// A few seconds after start, one random country's basic facts.
public struct LaunchCountryRule: Rule {
    public static let id = "launch_country"
    /// Shown once at start, not through the engine: no state to snooze; the dispatcher applies its mute.
    public static let decidedByTheEngine = false
    public static let summary = "A random country's basic facts, shortly after launch"
    public static let linkedViews: [LinkedView] = [.country]

    public init() {}

    /// Which of `count` countries to show; `nil` when there are none.
    public func pick<G: RandomNumberGenerator>(among count: Int, using generator: inout G) -> Int? {
        count > 0 ? Int.random(in: 0..<count, using: &generator) : nil
    }

    public func alert(for country: Country, locale: Locale) -> Alert? {
        guard let link = DeepLink.country(country.cca2) else { return nil }
        return Alert(
            rule: Self.id,
            key: country.cca2,
            title: [country.flag, country.commonName].filter { !$0.isEmpty }.joined(separator: " "),
            body: Self.body(for: country, locale: locale),
            urgency: .low,
            category: "x-notifier.country",
            deepLink: link,
            icon: "applications-internet",
            imageURL: country.flagPNG
        )
    }

    static func body(for country: Country, locale: Locale) -> String {
        var lines: [String] = []
        lines.append("Capital: " + (country.capitals.isEmpty ? "none" : country.capitals.joined(separator: ", ")))
        lines.append("Region: " + [country.region, country.subregion ?? ""].filter { !$0.isEmpty }.joined(separator: " · "))
        var size = "Population: " + Formatting.integer(country.population, locale: locale)
        if let area = country.area {
            size += " · Area: " + Formatting.decimal(area, locale: locale) + " km²"
        }
        lines.append(size)
        if !country.currencies.isEmpty {
            lines.append("Currencies: " + country.currencies.map(Formatting.currency).joined(separator: ", "))
        }
        if !country.languages.isEmpty {
            lines.append("Languages: " + country.languages.map(\.name).joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
