import Foundation
import NotifierCore

/// One pass over a `/v3.1/all` answer: an array of country objects, of which it reads only the
/// fields a `Country` is made of and checks the rest as JSON (translations, demonyms and the like
/// are four fifths of the body). Anything outside what it is sure of (an escape in text it reads,
/// a repeated field, a value of another type, a number with an exponent, text that is not UTF-8,
/// deep nesting) makes it answer `nil`, and JSONDecoder reads the body as before: the two never
/// decide differently (a test runs both over the sample and over mangled copies of it).
struct RESTCountriesScanner: JSONScanner {
    var cursor: JSONCursor

    private enum Field: Int, CaseIterable {
        case name, cca2, cca3, flag, capital, capitalInfo, region, subregion, continents, population, area, currencies, languages,
            timezones, borders, latlng, flags

        static let keys = [
            "name", "cca2", "cca3", "flag", "capital", "capitalInfo", "region", "subregion", "continents", "population", "area",
            "currencies", "languages", "timezones", "borders", "latlng", "flags",
        ].map { Array($0.utf8) }
    }

    private static let common = Array("common".utf8)
    private static let official = Array("official".utf8)
    private static let latlng = Array("latlng".utf8)
    private static let png = Array("png".utf8)
    private static let symbol = Array("symbol".utf8)
    private static let nameKey = Array("name".utf8)

    /// The body's countries, or `nil` to leave it to JSONDecoder.
    static func countries(_ data: Data) -> [V3Country]? {
        data.withUnsafeBytes { buffer in
            guard let cursor = JSONCursor(buffer, text: .utf8) else { return nil }
            var scanner = RESTCountriesScanner(cursor: cursor)
            guard let countries = scanner.array(depth: 1, { $0.country() }), scanner.cursor.isAtEnd() else { return nil }
            return countries
        }
    }

    private mutating func country() -> V3Country? {
        var country = V3Country()
        var seen = 0
        let complete = object(depth: 2) { scanner, key in
            guard let field = Field.keys.firstIndex(where: { scanner.cursor.equals(key, $0) }).flatMap(Field.init(rawValue:)) else {
                return scanner.cursor.skipValue(depth: 3)
            }
            guard seen & 1 << field.rawValue == 0 else { return false }
            seen |= 1 << field.rawValue
            return scanner.read(field, into: &country)
        }
        return complete ? country : nil
    }

    /// One field's value, as JSONDecoder reads it into `V3Country`; `false` where it would not.
    private mutating func read(_ field: Field, into country: inout V3Country) -> Bool {
        switch field {
        case .name: return optional(&country.name) { $0.name() }
        case .cca2: return optional(&country.cca2) { $0.cursor.text() }
        case .cca3: return optional(&country.cca3) { $0.cursor.text() }
        case .flag: return optional(&country.flag) { $0.cursor.text() }
        case .capital: return optional(&country.capital) { $0.texts() }
        case .capitalInfo:
            return optional(&country.capitalInfo) { scanner in
                scanner.fields(depth: 3, [Self.latlng]) { scanner, _, info in scanner.optional(&info.latlng) { $0.doubles() } }
                    as V3Country.CapitalInfo?
            }
        case .region: return optional(&country.region) { $0.cursor.text() }
        case .subregion: return optional(&country.subregion) { $0.cursor.text() }
        case .continents: return optional(&country.continents) { $0.texts() }
        case .population: return optional(&country.population) { $0.cursor.integer() }
        case .area: return optional(&country.area) { $0.double() }
        case .currencies: return optional(&country.currencies) { $0.dictionary { $0.currency() } }
        case .languages: return optional(&country.languages) { $0.dictionary { $0.cursor.text() } }
        case .timezones: return optional(&country.timezones) { $0.texts() }
        case .borders: return optional(&country.borders) { $0.texts() }
        case .latlng: return optional(&country.latlng) { $0.doubles() }
        case .flags:
            return optional(&country.flags) { scanner in
                scanner.fields(depth: 3, [Self.png]) { scanner, _, flags in scanner.optional(&flags.png) { $0.cursor.text() } } as V3Country.Flags?
            }
        }
    }

    private mutating func name() -> V3Country.Name? {
        let name =
            fields(depth: 3, [Self.common, Self.official]) { scanner, field, name in
                field == 0 ? scanner.optional(&name.common) { $0.cursor.text() } : scanner.optional(&name.official) { $0.cursor.text() }
            } as NameFields?
        // `common` is required: missing or null, JSONDecoder throws.
        guard let name, let common = name.common else { return nil }
        return V3Country.Name(common: common, official: name.official)
    }

    /// A name's fields as sent, before `common` is known to be there.
    private struct NameFields: DefaultValue {
        var common: String?
        var official: String?
    }

    private mutating func currency() -> V3Country.CurrencyInfo? {
        fields(depth: 4, [Self.nameKey, Self.symbol]) { scanner, field, info in
            field == 0 ? scanner.optional(&info.name) { $0.cursor.text() } : scanner.optional(&info.symbol) { $0.cursor.text() }
        }
    }

    // MARK: - Values

    /// `null` (nothing) or what `read` reads, into `value`; `false` for anything else.
    private mutating func optional<Value>(_ value: inout Value?, _ read: (inout Self) -> Value?) -> Bool {
        if cursor.literal("null") {
            value = nil
            return true
        }
        guard let read = read(&self) else { return false }
        value = read
        return true
    }

    private mutating func texts() -> [String]? {
        array(depth: 4) { $0.cursor.text() }
    }

    /// A number as JSONDecoder reads it into a `Double` (both round the text correctly); one
    /// beyond a double's range, or so small it rounds to nothing, is left to JSONDecoder.
    private mutating func double() -> Double? {
        guard let token = cursor.number(), let value = Double(String(decoding: cursor[token], as: UTF8.self)), value.isFinite else { return nil }
        let exponent = cursor[token].contains { $0 | 0x20 == UInt8(ascii: "e") }
        return exponent && !value.isNormal ? nil : value
    }

    private mutating func doubles() -> [Double]? {
        array(depth: 4) { $0.double() }
    }

    // MARK: - Containers

    /// An object read into a value of its own: the members named in `keys` each once, by `read`
    /// with its index in `keys`; others passed over.
    private mutating func fields<Value: DefaultValue>(
        depth: Int, _ keys: [[UInt8]], _ read: (inout Self, Int, inout Value) -> Bool
    ) -> Value? {
        var value = Value()
        return members(depth: depth, keys) { read(&$0, $1, &value) } == nil ? nil : value
    }

    /// An object read into a dictionary (keys without escapes, each once).
    private mutating func dictionary<Value>(_ value: (inout Self) -> Value?) -> [String: Value]? {
        var dictionary: [String: Value] = [:]
        let complete = object(depth: 3) { scanner, key in
            let name = String(decoding: scanner.cursor[key], as: UTF8.self)
            guard dictionary[name] == nil, let element = value(&scanner) else { return false }
            dictionary[name] = element
            return true
        }
        return complete ? dictionary : nil
    }
}

/// A value an object's fields are read into, from empty.
private protocol DefaultValue { init() }
extension V3Country.CapitalInfo: DefaultValue {}
extension V3Country.Flags: DefaultValue {}
extension V3Country.CurrencyInfo: DefaultValue {}
