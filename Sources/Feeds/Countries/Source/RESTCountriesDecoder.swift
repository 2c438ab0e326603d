import Foundation
import NotifierCore
import NotifierEngine

/// Decoders for REST Countries v3.1 (and self-hosted copies) and v5. Empty values are omitted
/// by these APIs rather than sent as null, so every field but the names is optional.
public enum RESTCountriesDecoder {
    public enum DecodeError: Error, Equatable, CustomStringConvertible {
        case notJSON(String)
        case noCountries

        public var description: String {
            switch self {
            case .notJSON(let detail): return "not the expected JSON (\(detail))"
            case .noCountries: return "no countries in the response"
            }
        }
    }

    /// `/v3.1/all`: an array of countries.
    public static func decodeV3(_ data: Data) throws(DecodeError) -> [Country] {
        try decodeV3Parts([data])
    }

    /// Several `fields=`-limited answers about the same countries, merged by CCA3: the v3.1
    /// server allows at most 10 fields a request.
    public static func decodeV3Parts(_ parts: [Data]) throws(DecodeError) -> [Country] {
        var merged: [String: V3Country] = [:]
        var order: [String] = []
        for data in parts {
            let raw: [V3Country]
            if let scanned = RESTCountriesScanner.countries(data) {
                raw = scanned
            } else {
                do {
                    raw = try JSONDecoder().decode([V3Country].self, from: data)
                } catch {
                    throw .notJSON(describe(error))
                }
            }
            for country in raw {
                guard let key = country.cca3 ?? country.cca2 else { continue }
                if let existing = merged[key] {
                    merged[key] = existing.filling(from: country)
                } else {
                    merged[key] = country
                    order.append(key)
                }
            }
        }
        return order.compactMap { merged[$0]?.country }
    }

    /// One v5 page: `{"data":{"objects":[...],"meta":{...,"more":bool}}}`.
    public static func decodeV5Page(_ data: Data) throws(DecodeError) -> (countries: [Country], more: Bool, total: Int?) {
        let page: V5Envelope
        do {
            page = try JSONDecoder().decode(V5Envelope.self, from: data)
        } catch {
            throw .notJSON(describe(error))
        }
        return (page.data.objects.compactMap(\.country), page.data.meta?.more ?? false, page.data.meta?.total)
    }

    static func describe(_ error: any Error) -> String {
        DecodingProblem.describe(error)
    }
}

/// One country of a v3.1 answer as sent, read by JSONDecoder or by `RESTCountriesScanner`.
struct V3Country: Decodable, Equatable {
    struct Name: Decodable, Equatable {
        var common: String
        var official: String?
    }
    struct CurrencyInfo: Decodable, Equatable {
        var name: String?
        var symbol: String?
    }
    struct CapitalInfo: Decodable, Equatable { var latlng: [Double]? }
    struct Flags: Decodable, Equatable { var png: String? }

    var name: Name?
    var cca2: String?
    var cca3: String?
    var flag: String?
    var capital: [String]?
    var capitalInfo: CapitalInfo?
    var region: String?
    var subregion: String?
    var continents: [String]?
    var population: Int?
    var area: Double?
    var currencies: [String: CurrencyInfo]?
    var languages: [String: String]?
    var timezones: [String]?
    var borders: [String]?
    var latlng: [Double]?
    var flags: Flags?

    func filling(from other: V3Country) -> V3Country {
        var result = self
        result.name = name ?? other.name
        result.cca2 = cca2 ?? other.cca2
        result.flag = flag ?? other.flag
        result.capital = capital ?? other.capital
        result.capitalInfo = capitalInfo ?? other.capitalInfo
        result.region = region ?? other.region
        result.subregion = subregion ?? other.subregion
        result.continents = continents ?? other.continents
        result.population = population ?? other.population
        result.area = area ?? other.area
        result.currencies = currencies ?? other.currencies
        result.languages = languages ?? other.languages
        result.timezones = timezones ?? other.timezones
        result.borders = borders ?? other.borders
        result.latlng = latlng ?? other.latlng
        result.flags = flags ?? other.flags
        return result
    }

    var country: Country? {
        guard let name, let cca2, cca2.count == 2, let cca3 else { return nil }
        return Country(
            cca2: cca2.uppercased(), cca3: cca3.uppercased(),
            flag: flag ?? Country.flagEmoji(cca2: cca2),
            commonName: name.common, officialName: name.official ?? name.common,
            capitals: capital ?? [], capitalCoordinates: coordinates(capitalInfo?.latlng),
            region: region ?? "", subregion: subregion.flatMap { $0.isEmpty ? nil : $0 },
            continents: continents ?? [], population: population ?? 0, area: area,
            currencies: (currencies ?? [:]).sorted { $0.key < $1.key }.map {
                Country.Currency(code: $0.key, name: $0.value.name ?? $0.key, symbol: $0.value.symbol)
            },
            languages: (languages ?? [:]).sorted { $0.key < $1.key }.map { Country.Language(code: $0.key, name: $0.value) },
            timezones: timezones ?? [], borders: borders ?? [], coordinates: coordinates(latlng),
            flagPNG: flags?.png
        )
    }
}

private struct V5Envelope: Decodable {
    struct Meta: Decodable {
        var total: Int?
        var more: Bool?
    }
    struct Page: Decodable {
        var objects: [V5Country]
        var meta: Meta?
    }
    var data: Page
}

/// v5 names fields differently and, asked for a subset, sends only that subset; where no code is
/// sent the flag's file name (`…/svg/af.svg`) is the ISO code.
private struct V5Country: Decodable {
    struct Names: Decodable {
        var common: String
        var official: String?
    }
    struct Flag: Decodable {
        var url_svg: String?
        var url_png: String?
        var emoji: String?
    }
    struct Codes: Decodable {
        var alpha2: String?
        var alpha3: String?
    }

    var names: Names
    var codes: Codes?
    var cca2: String?
    var cca3: String?
    var flag: Flag?
    var capital: [String]?
    var region: String?
    var subregion: String?
    var continents: [String]?
    var population: Int?
    var area: Double?
    var timezones: [String]?
    var borders: [String]?

    var country: Country? {
        let fromFlag = (flag?.url_svg ?? flag?.url_png).flatMap { url -> String? in
            let file = url.split(separator: "/").last?.split(separator: ".").first.map(String.init)
            return file?.count == 2 ? file : nil
        }
        guard let code = (codes?.alpha2 ?? cca2 ?? fromFlag)?.uppercased(), code.count == 2 else { return nil }
        return Country(
            cca2: code, cca3: (codes?.alpha3 ?? cca3 ?? code).uppercased(),
            flag: flag?.emoji ?? Country.flagEmoji(cca2: code),
            commonName: names.common, officialName: names.official ?? names.common,
            capitals: capital ?? [], region: region ?? "",
            subregion: subregion.flatMap { $0.isEmpty ? nil : $0 }, continents: continents ?? [],
            population: population ?? 0, area: area, timezones: timezones ?? [], borders: borders ?? [],
            flagPNG: flag?.url_png
        )
    }
}

private func coordinates(_ pair: [Double]?) -> Country.Coordinates? {
    guard let pair, pair.count == 2 else { return nil }
    return Country.Coordinates(latitude: pair[0], longitude: pair[1])
}
