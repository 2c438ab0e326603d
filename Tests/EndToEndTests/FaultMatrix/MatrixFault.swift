import FlyingFox
import Foundation
import Logging
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

enum MatrixFault: String, CaseIterable, Sendable {
    case http500, http502, http503RetryAfter, http429, neverAnswers, refused, resetMidBody, truncatedJSON, wrongTypes,
        emptyArrays, oversizeBody, invalidUTF8, htmlWith200, redirectLoop, redirectToHTTP, apiErrorBody

    var label: String {
        switch self {
        case .http500: return "HTTP 500"
        case .http502: return "HTTP 502"
        case .http503RetryAfter: return "HTTP 503, Retry-After 120"
        case .http429: return "HTTP 429, Retry-After 90"
        case .neverAnswers: return "accepts, never answers"
        case .refused: return "connection refused"
        case .resetMidBody: return "connection cut mid-body"
        case .truncatedJSON: return "truncated JSON"
        case .wrongTypes: return "wrong types"
        case .emptyArrays: return "empty arrays"
        case .oversizeBody: return "body over the size limit"
        case .invalidUTF8: return "invalid UTF-8"
        case .htmlWith200: return "HTML error page, 200"
        case .redirectLoop: return "redirect loop"
        case .redirectToHTTP: return "redirect downgrade (*)"
        case .apiErrorBody: return "the API's own error body"
        }
    }

    var retryAfter: Duration? {
        switch self {
        case .http503RetryAfter: return .seconds(120)
        case .http429: return .seconds(90)
        default: return nil
        }
    }

    func serverFault(for feed: MatrixFeed, limit: Int) -> LoopbackServer.Fault {
        let json: [HTTPHeader: String] = [.contentType: "application/json"]
        switch self {
        case .http500: return .respond(status: .internalServerError, headers: json, body: Data(#"{"message":"internal error"}"#.utf8))
        case .http502: return .respond(status: .badGateway, headers: [.contentType: "text/html"], body: Data("<html><body>502 Bad Gateway</body></html>".utf8))
        case .http503RetryAfter: return .respond(status: .serviceUnavailable, headers: [HTTPHeader("Retry-After"): "120"])
        case .http429: return .respond(status: .tooManyRequests, headers: [HTTPHeader("Retry-After"): "90"])
        case .neverAnswers: return .neverAnswer
        case .refused: return .refuseConnections
        case .resetMidBody: return .cutMidBody(feed.healthyBody)
        case .truncatedJSON: return .respond(status: .ok, headers: json, body: feed.healthyBody.prefix(feed.healthyBody.count / 2))
        case .wrongTypes: return .respond(status: .ok, headers: json, body: BadJSON.wrongTypes(feed.healthyBody))
        case .emptyArrays: return .respond(status: .ok, headers: json, body: BadJSON.emptyArrays(feed.healthyBody))
        case .oversizeBody: return .respond(status: .ok, headers: json, body: Data(repeating: 0x20, count: limit + 1))
        case .invalidUTF8: return .respond(status: .ok, headers: json, body: BadJSON.invalidUTF8(feed.healthyBody))
        case .htmlWith200:
            return .respond(
                status: .ok, headers: [.contentType: "text/html"],
                body: Data("<!DOCTYPE html><html><body><h1>Service temporarily unavailable</h1></body></html>".utf8))
        case .redirectLoop:
            // 307 keeps the method, so the holiday POST loops too.
            return .respond(status: .temporaryRedirect, headers: [.location: feed.loopPath])
        case .redirectToHTTP:
            return .respond(status: .temporaryRedirect, headers: [.location: "ftp://127.0.0.1:21/data.json"])
        case .apiErrorBody: return .respond(status: feed.errorStatus, headers: json, body: feed.errorBody)
        }
    }

    /// Whether the answer is still valid data for this feed (then nothing should fail).
    func isValidData(for feed: MatrixFeed) -> Bool {
        self == .emptyArrays && feed.emptyArraysAreValid
    }
}

/// Bad bodies derived from a good one.
enum BadJSON {
    /// Every string becomes an array, every other value (number, boolean) an object.
    static func wrongTypes(_ body: Data) -> Data {
        func swap(_ value: Any) -> Any {
            switch value {
            case let object as [String: Any]: return object.mapValues(swap)
            case let array as [Any]: return array.map(swap)
            case let string as String: return [string]
            case is NSNull: return value
            default: return ["value": value]
            }
        }
        return transformed(body, swap)
    }

    /// Every array emptied.
    static func emptyArrays(_ body: Data) -> Data {
        func empty(_ value: Any) -> Any {
            switch value {
            case let object as [String: Any]: return object.mapValues(empty)
            case is [Any]: return [Any]()
            default: return value
            }
        }
        return transformed(body, empty)
    }

    /// Bytes that are not UTF-8 inside the first string value.
    static func invalidUTF8(_ body: Data) -> Data {
        var bytes = [UInt8](body)
        for index in bytes.indices.dropLast(2) where bytes[index] == UInt8(ascii: ":") {
            var next = index + 1
            while next < bytes.count, bytes[next] == 0x20 { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: "\"") {
                bytes.insert(contentsOf: [0xFF, 0xFE, 0xC3], at: next + 1)
                return Data(bytes)
            }
        }
        return Data([0xFF, 0xFE]) + body
    }

    private static func transformed(_ body: Data, _ transform: (Any) -> Any) -> Data {
        guard let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(withJSONObject: transform(value), options: [.fragmentsAllowed])
        else { return Data("{}".utf8) }
        return data
    }
}
