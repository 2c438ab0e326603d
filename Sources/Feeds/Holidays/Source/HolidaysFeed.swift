import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The holiday API of the calendar app this grew from: `POST {"apiKey","startDate","endDate"}`,
/// at most 30 days a call, answering `{"error":false,"holidays":{"YYYY-MM-DD":[{"name","type"}]}}`
/// or `{"error":true,"reason":"invalid-dates"|"invalid-api-key"|"invalid-request"}`.
public struct HolidaysFeed: Sendable {
    public static let name = "holidays"
    public static let maxDaysPerCall = 30

    public let http: HTTPClient
    public let baseURL: String
    public let apiKey: String

    public init(http: HTTPClient, baseURL: String, apiKey: String) {
        self.http = http
        self.baseURL = baseURL
        self.apiKey = apiKey
    }

    struct Query: Encodable {
        var apiKey: String
        var startDate: String
        var endDate: String
    }

    /// The days from `start` through `end` in calls of at most 30 days.
    public static func chunks(from start: CivilDate, through end: CivilDate) -> [(start: CivilDate, end: CivilDate)] {
        var chunks: [(CivilDate, CivilDate)] = []
        var first = start
        while first <= end {
            let last = min(first.adding(days: maxDaysPerCall - 1), end)
            chunks.append((first, last))
            first = last.adding(days: 1)
        }
        return chunks
    }

    /// One call: `end` at most 29 days after `start`. Every day of the range is in the answer's
    /// range, so an empty answer means "no holidays", not "unknown".
    public func fetch(from start: CivilDate, through end: CivilDate) async throws(FeedError) -> [Holiday] {
        let context = RequestContext(feed: Self.name, method: "POST", url: baseURL)
        guard !apiKey.isEmpty else {
            throw .service(context, message: "needs an API key: set feeds.holidays.api_key or NOTIFIER_HOLIDAYS_KEY")
        }
        var request: HTTPRequest
        do {
            request = try .postJSON(baseURL, Query(apiKey: apiKey, startDate: start.description, endDate: end.description))
        } catch {
            throw .invalidURL(context)
        }
        // A refusal comes as HTTP 401 or 400 with the reason in the body: read it, so the
        // message can say which setting to fix, not only the status.
        request.returnsErrorResponses = true
        let response = try await http.send(request, feed: Self.name)
        let succeeded = (200..<300).contains(response.status)
        let holidays: [Holiday]
        do {
            holidays = try HolidaysDecoder.decode(response.body)
        } catch .service(let reason) {
            throw .service(context, message: Self.message(for: reason, start: start, end: end))
        } catch {
            if [401, 403].contains(response.status) {
                throw .service(context, message: "answered HTTP \(response.status): check feeds.holidays.api_key or NOTIFIER_HOLIDAYS_KEY")
            }
            // Overload and server errors keep their status and Retry-After, so the backoff honours them.
            guard succeeded else { throw .httpStatus(context, status: response.status, retryAfter: response.retryAfter) }
            throw .decoding(context, detail: error.description)
        }
        guard succeeded else { throw .httpStatus(context, status: response.status, retryAfter: response.retryAfter) }
        // Only the days asked for: a holiday dated elsewhere is a broken answer, not news.
        return holidays.filter { $0.date >= start && $0.date <= end }
    }

    static func message(for reason: String, start: CivilDate, end: CivilDate) -> String {
        switch reason {
        case "invalid-api-key": return "rejected the API key: fix feeds.holidays.api_key or NOTIFIER_HOLIDAYS_KEY"
        case "invalid-dates": return "rejected the dates \(start)…\(end) (invalid-dates)"
        case "invalid-request": return "rejected the request as malformed (invalid-request): is feeds.holidays.base_url the holiday API?"
        default: return "answered with an error: \(String(reason.prefix(100)))"
        }
    }
}

public enum HolidaysDecoder {
    public enum DecodeError: Error, Equatable, CustomStringConvertible {
        case notJSON(String)
        /// The service's own error reason.
        case service(String)

        public var description: String {
            switch self {
            case .notJSON(let detail): return "not the expected JSON (\(detail))"
            case .service(let reason): return "the service answered \(reason)"
            }
        }
    }

    private struct Envelope: Decodable {
        struct Event: Decodable {
            var name: String
            var type: String
        }
        var error: Bool
        var reason: String?
        var holidays: [String: [Event]]?
    }

    public static func decode(_ data: Data) throws(DecodeError) -> [Holiday] {
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: data)
        } catch {
            throw .notJSON(DecodingProblem.describe(error))
        }
        if envelope.error { throw .service(envelope.reason ?? "an unnamed error") }
        guard let days = envelope.holidays else { throw .notJSON("missing 'holidays'") }
        var holidays: [Holiday] = []
        for (day, events) in days {
            // A malformed date or type is skipped, not guessed at.
            guard let date = CivilDate(string: day) else { continue }
            for event in events {
                let kind: Holiday.Kind
                switch event.type {
                case "public": kind = .publicHoliday
                case "folk": kind = .folk
                default: continue
                }
                holidays.append(Holiday(date: date, name: event.name, kind: kind))
            }
        }
        return holidays.sorted(by: Holiday.precedes)
    }
}
