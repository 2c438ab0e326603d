import Foundation
import NotifierCore
import NotifierEngine

/// The forecast settings' own kinds of key.
extension SectionKey {
    /// Places by name, or as `{ name, latitude, longitude }`: ["Tallinn", { name = "Tartu", … }].
    package static func places(_ key: String, _ field: WritableKeyPath<Root, [ForecastPlace]> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                let problem = "must be a list of place names or { name = \"…\", latitude = …, longitude = … } tables, got \(value.shownForError)"
                let items: [ConfigValue]
                switch value {
                case .strings(let names): items = names.map(ConfigValue.string)
                case .list(let values): items = values
                default: return problem
                }
                var places: [ForecastPlace] = []
                for item in items {
                    switch item {
                    case .string(let name):
                        guard !ForecastPlace.slug(name).isEmpty else { return "has \(name.tomlQuoted), which has no letters or digits to name it by" }
                        places.append(ForecastPlace(name: name))
                    case .table(let fields):
                        guard Set(fields.keys).isSubset(of: ["name", "latitude", "longitude"]), let name = fields["name"]?.stringValue,
                            !ForecastPlace.slug(name).isEmpty
                        else { return "has a table without a usable name; tables take name, latitude and longitude" }
                        let latitude = fields["latitude"]?.numberValue
                        let longitude = fields["longitude"]?.numberValue
                        guard (latitude == nil) == (longitude == nil) else { return "has \(name.tomlQuoted) with only one of latitude and longitude" }
                        if let latitude, let longitude {
                            guard abs(latitude) <= 90, abs(longitude) <= 180 else {
                                return "has \(name.tomlQuoted) at \(latitude.shortText), \(longitude.shortText): latitude is −90…90, longitude −180…180"
                            }
                        }
                        places.append(ForecastPlace(name: name, latitude: latitude, longitude: longitude))
                    default:
                        return problem
                    }
                }
                let slugs = places.map { $0.slug.lowercased() }
                if let twice = slugs.first(where: { slug in slugs.filter { $0 == slug }.count > 1 }) {
                    return "names \(twice.tomlQuoted) twice"
                }
                config[keyPath: field] = places
                return nil
            },
            render: { config in
                "["
                    + config[keyPath: field].map { place in
                        guard let latitude = place.latitude, let longitude = place.longitude else { return place.name.tomlQuoted }
                        return "{ name = \(place.name.tomlQuoted), latitude = \(latitude.shortText), longitude = \(longitude.shortText) }"
                    }.joined(separator: ", ") + "]"
            })
    }
}
