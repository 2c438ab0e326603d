import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// What one watch's poll selected, before the engine sees it.
package struct WatchObservation: Sendable {
    package enum Kind: Sendable, Equatable {
        /// Values selected (perhaps none: no match).
        case selected([WatchValue])
        /// The selector found nothing usable; why ("jq: …", "ran longer than 1 s and was stopped").
        case noValue(String)
        /// The fetch failed: unknown.
        case failed(FeedError)
    }

    package var kind: Kind
    /// "200", "304 unchanged", "exit 0".
    package var status: String
    /// The response, for the view (bounded); `nil` when unchanged or failed.
    package var payload: String?
}

/// Fetches one watch's source and runs its selector; remembers the validators and the last
/// values so that a 304 is the same values again.
package actor WatchPoller {
    package let watch: WatchSettings
    private let http: WatchHTTPSource
    private let command: WatchCommandSource
    private let selector: WatchSelector?
    private var etag: String?
    private var lastModified: String?
    private var lastSelected: WatchObservation.Kind?

    package init(watch: WatchSettings, http: HTTPClient) {
        self.watch = watch
        self.http = WatchHTTPSource(http: http)
        command = WatchCommandSource(timeout: http.limits.totalTimeout, maxOutputBytes: http.limits.maxBodyBytes)
        selector = try? WatchSelector(watch.select)
    }

    package static let payloadLimit = 256 << 10

    package func poll() async -> WatchObservation {
        let feed = "watch \(watch.name)"
        let data: Data
        let status: String
        var asText = false
        if watch.url.isEmpty {
            switch await command.run(watch.command, feed: feed) {
            case .failure(let error): return WatchObservation(kind: .failed(error), status: "failed")
            case .success(let output):
                data = output
                status = "exit 0"
                // A program's text that is not JSON is one jq string: `matches` and `change` read it.
                // JSON nested past the parsers' limits is JSON still: jq says it is nested too deep.
                asText = !Self.nestedPastParsers(output) && (try? JSONSerialization.jsonObject(with: output, options: [.fragmentsAllowed])) == nil
            }
        } else {
            let shown = watch.sourceText
            let context = RequestContext(feed: feed, method: "GET", url: shown, urlKey: WatchHTTPSource.urlKey)
            var headers: [(name: String, value: String)] = []
            for (name, value) in watch.headers.sorted(by: { $0.key < $1.key }) {
                switch SecretReference.resolve(value) {
                case .success(let resolved): headers.append((name, resolved))
                case .failure(let problem):
                    return WatchObservation(kind: .failed(.transport(context, detail: "header \(name) \(problem.message)")), status: "failed")
                }
            }
            let url: String
            switch SecretReference.resolve(watch.url) {
            case .success(let resolved): url = resolved
            case .failure(let problem):
                return WatchObservation(kind: .failed(.transport(context, detail: "url \(problem.message)")), status: "failed")
            }
            let validators = lastSelected == nil ? (nil, nil) : (etag, lastModified)
            switch await http.fetch(url: url, shownURL: shown, headers: headers, etag: validators.0, lastModified: validators.1, feed: feed) {
            case .failure(let error): return WatchObservation(kind: .failed(error), status: "failed")
            case .success(.unchanged):
                return WatchObservation(kind: lastSelected ?? .selected([]), status: "304 unchanged")
            case .success(.fresh(let body, let newTag, let modified)):
                etag = newTag
                lastModified = modified
                data = body
                status = "200"
            }
        }
        guard let selector else {
            return WatchObservation(kind: .noValue("the selector does not compile"), status: status)
        }
        let observation = Self.observation(await selector.select(data, asText: asText, limits: watch.selectorLimits), of: data, status: status, watch: watch)
        if case .failed = observation.kind { return observation }
        lastSelected = observation.kind
        return observation
    }

    /// A text whose arrays and objects nest more than 256 deep (outside strings) in its first
    /// 64 KiB: jq's parser stops there ("Exceeds depth limit for parsing"), and so does Foundation's.
    package static func nestedPastParsers(_ data: Data) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data.prefix(64 << 10) {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > 256 { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return false
    }

    /// What the selector's outcome over `data` is to the rules: a response that is not JSON is
    /// the fetch failing; a selector that fails or is stopped gives no value.
    package static func observation(_ outcome: WatchSelector.Outcome, of data: Data, status: String, watch: WatchSettings) -> WatchObservation {
        let kind: WatchObservation.Kind
        switch outcome {
        case .values(let values): kind = .selected(values)
        case .failed(let message): kind = .noValue("jq: \(FeedText.quoted(message, limit: 160))")
        case .stopped(let why): kind = .noValue("the selector \(why)")
        case .notJSON(let message):
            let context = RequestContext(
                feed: "watch \(watch.name)", method: watch.url.isEmpty ? "RUN" : "GET", url: watch.sourceText, urlKey: WatchHTTPSource.urlKey)
            // jq's own words for a body nested past its depth limit: not "not JSON".
            let detail =
                message.hasPrefix("Exceeds depth limit")
                ? "nested too deep (jq: \(FeedText.quoted(message, limit: 80)))" : "not JSON (\(FeedText.quoted(message, limit: 80)))"
            return WatchObservation(kind: .failed(.decoding(context, detail: detail)), status: status)
        }
        let payload = data.count <= payloadLimit ? String(decoding: data, as: UTF8.self) : nil
        return WatchObservation(kind: kind, status: status, payload: payload)
    }
}
