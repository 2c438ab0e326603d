import Foundation
import NotifierEngine

/// The facts about one country that the views and rules use, whatever source they came from.
public struct Country: Codable, Sendable, Equatable {
    public struct Coordinates: Codable, Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    public struct Currency: Codable, Sendable, Equatable {
        public var code: String
        public var name: String
        public var symbol: String?
        public init(code: String, name: String, symbol: String?) {
            self.code = code
            self.name = name
            self.symbol = symbol
        }
    }

    public struct Language: Codable, Sendable, Equatable {
        public var code: String
        public var name: String
        public init(code: String, name: String) {
            self.code = code
            self.name = name
        }
    }

    public var cca2: String
    public var cca3: String
    public var flag: String
    public var commonName: String
    public var officialName: String
    public var capitals: [String]
    public var capitalCoordinates: Coordinates?
    public var region: String
    public var subregion: String?
    public var continents: [String]
    public var population: Int
    /// Square kilometres; some sources omit it.
    public var area: Double?
    public var currencies: [Currency]
    public var languages: [Language]
    public var timezones: [String]
    /// CCA3 codes of the bordering countries.
    public var borders: [String]
    public var coordinates: Coordinates?
    public var flagPNG: String?
    /// Other names people type (official name, ISO name, older and local spellings), for look-up.
    public var alternativeNames: [String]?

    public init(
        cca2: String, cca3: String, flag: String, commonName: String, officialName: String,
        capitals: [String] = [], capitalCoordinates: Coordinates? = nil, region: String,
        subregion: String? = nil, continents: [String] = [], population: Int = 0, area: Double? = nil,
        currencies: [Currency] = [], languages: [Language] = [], timezones: [String] = [],
        borders: [String] = [], coordinates: Coordinates? = nil, flagPNG: String? = nil,
        alternativeNames: [String]? = nil
    ) {
        self.cca2 = cca2
        self.cca3 = cca3
        self.flag = flag
        self.commonName = commonName
        self.officialName = officialName
        self.capitals = capitals
        self.capitalCoordinates = capitalCoordinates
        self.region = region
        self.subregion = subregion
        self.continents = continents
        self.population = population
        self.area = area
        self.currencies = currencies
        self.languages = languages
        self.timezones = timezones
        self.borders = borders
        self.coordinates = coordinates
        self.flagPNG = flagPNG
        self.alternativeNames = alternativeNames
    }

    /// The flag emoji built from the two-letter code, for sources that send no emoji.
    public static func flagEmoji(cca2: String) -> String {
        let base: UInt32 = 0x1F1E6 - 0x41
        let scalars = cca2.uppercased().unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            guard scalar.isASCII, (0x41...0x5A).contains(scalar.value) else { return nil }
            return Unicode.Scalar(base + scalar.value)
        }
        guard scalars.count == 2 else { return "" }
        return String(String.UnicodeScalarView(scalars))
    }
}

extension Formatting {
    /// "Kazakhstani tenge (KZT, ₸)"
    public static func currency(_ currency: Country.Currency) -> String {
        if let symbol = currency.symbol, !symbol.isEmpty {
            return "\(currency.name) (\(currency.code), \(symbol))"
        }
        return "\(currency.name) (\(currency.code))"
    }
}
