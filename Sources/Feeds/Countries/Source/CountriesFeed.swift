import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Where country facts come from.
public enum CountriesSource: String, Sendable, CaseIterable {
    /// Compiled into the binary: works offline, costs no request.
    case embedded
    case restCountriesV5 = "restcountries-v5"
    /// A self-hosted restcountries server speaking v3.1.
    case restCountriesV3 = "restcountries-v3"
}

/// Fetches every country from a REST Countries server.
public struct CountriesFeed: Sendable {
    public static let name = "countries"
    /// The v3.1 server accepts at most 10 fields a request, so the fields are asked in two parts.
    static let v3FieldSets = [
        "name,cca2,cca3,flag,capital,capitalInfo,region,subregion,population,area",
        "cca3,continents,currencies,languages,timezones,borders,latlng,flags",
    ]
    static let v5PageSize = 100
    static let v5MaxPages = 10

    public let http: HTTPClient
    public let source: CountriesSource
    public let baseURL: String
    public let apiKey: String?

    public init(http: HTTPClient, source: CountriesSource, baseURL: String, apiKey: String?) {
        self.http = http
        self.source = source
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.apiKey = apiKey
    }

    public func fetchAll() async throws(FeedError) -> [Country] {
        switch source {
        case .embedded:
            return EmbeddedCountries.catalog.all()
        case .restCountriesV3:
            var parts: [Data] = []
            for fields in Self.v3FieldSets {
                parts.append(try await http.send(.get("\(baseURL)/all?fields=\(fields)"), feed: Self.name).body)
            }
            return try decoded("\(baseURL)/all") { () throws(RESTCountriesDecoder.DecodeError) in
                try RESTCountriesDecoder.decodeV3Parts(parts)
            }
        case .restCountriesV5:
            guard let apiKey, !apiKey.isEmpty else {
                throw .service(
                    RequestContext(feed: Self.name, method: "GET", url: baseURL),
                    message: "needs an API key: set feeds.countries.api_key or NOTIFIER_RESTCOUNTRIES_KEY")
            }
            var countries: [Country] = []
            for page in 0..<Self.v5MaxPages {
                let url = "\(baseURL)?limit=\(Self.v5PageSize)&offset=\(page * Self.v5PageSize)"
                let response: HTTPResponse
                do {
                    response = try await http.send(.get(url, headers: [("Authorization", "Bearer \(apiKey)")]), feed: Self.name)
                } catch let error {
                    if case .httpStatus(let context, 401, _) = error {
                        throw .service(context, message: "rejected the API key: check feeds.countries.api_key or NOTIFIER_RESTCOUNTRIES_KEY")
                    }
                    throw error
                }
                let decodedPage = try decoded(url) { () throws(RESTCountriesDecoder.DecodeError) in
                    try RESTCountriesDecoder.decodeV5Page(response.body)
                }
                countries += decodedPage.countries
                if !decodedPage.more { break }
            }
            guard !countries.isEmpty else {
                throw .decoding(RequestContext(feed: Self.name, method: "GET", url: baseURL), detail: "no countries in the response")
            }
            return countries
        }
    }

    private func decoded<T>(_ url: String, _ decode: () throws(RESTCountriesDecoder.DecodeError) -> T) throws(FeedError) -> T {
        do {
            return try decode()
        } catch {
            throw .decoding(RequestContext(feed: Self.name, method: "GET", url: url), detail: error.description)
        }
    }
}
