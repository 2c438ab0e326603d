import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The interactive `open forecast [PLACE]`: the forecast as printed, and `/` to ask for
/// another place, geocoded and fetched without leaving the view; an unknown name is said
/// plainly, and the forecast shown stays.
package struct ForecastModel: ScreenModel {
    package enum Loaded: Sendable {
        case forecast(latest: StoredForecast, previous: StoredForecast?)
        case failed(place: String, cause: String)
    }
    package typealias Load = @Sendable (String) async -> Loaded

    package private(set) var place: String
    package private(set) var latest: StoredForecast?
    package private(set) var previous: StoredForecast?
    package private(set) var isTyping = false
    package private(set) var query = ""
    package private(set) var loading: String?
    package private(set) var message: String?
    package let locale: Locale
    package let load: Load

    package init(place: String, latest: StoredForecast?, previous: StoredForecast?, locale: Locale, load: @escaping Load) {
        self.place = place
        self.latest = latest
        self.previous = previous
        self.locale = locale
        self.load = load
    }

    /// Without a stored forecast, fetched at once.
    package mutating func appear() -> [ViewEffect] { latest == nil && !place.isEmpty ? startLoad(place) : [] }

    package static let keys = [KeyHelp(keys: "/", action: "another place"), KeyHelp(keys: "r", action: "refresh")]

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        var body: [StyledLine] = []
        if let latest {
            let text = ForecastView(latest: latest, previous: previous, now: now, locale: locale).render(style: TerminalStyle(enabled: false))
            body = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map { StyledLine(String($0)) }
        } else {
            body = [.empty, StyledLine(loading == nil ? "No forecast for \(place) yet. Press / to look up a place." : "Fetching…", .dim)]
        }
        var status: StyledLine?
        if isTyping {
            status = StyledLine([Span("Place: ", .bold), Span(query + "▏"), Span("  Enter looks it up, Esc cancels", .dim)])
        } else if let loading {
            status = StyledLine("⟳ Looking up \(loading)…", .dim)
        } else if let message {
            status = StyledLine(message, .warning)
        }
        let keys = isTyping ? [KeyHelp(keys: "Enter", action: "look up"), KeyHelp(keys: "Esc", action: "cancel")] : Self.keys
        let title = (latest?.forecast.place ?? place) + " — 7-day forecast"
        return ScreenFrame(title: StyledLine(title), body: body, focus: nil, status: status, keys: keys)
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        switch event {
        case .key(let key) where isTyping:
            switch key {
            case .escape:
                isTyping = false
                query = ""
            case .backspace: if !query.isEmpty { query.removeLast() }
            case .character(let character): if query.count < 100 { query.append(character) }
            case .enter:
                isTyping = false
                let wanted = query.trimmingCharacters(in: .whitespaces)
                query = ""
                if !wanted.isEmpty { return startLoad(wanted) }
            default: break
            }
        case .key(.character("/")):
            isTyping = true
            message = nil
        case .key(.character("r")): if loading == nil { return startLoad(place) }
        case .finished(name: "forecast", let result as Loaded):
            loading = nil
            switch result {
            case .forecast(let latest, let previous):
                self.latest = latest
                self.previous = previous
                place = latest.forecast.place
                message = nil
            case .failed(let wanted, let cause):
                message = "No forecast for '\(wanted)': \(cause)"
            }
        default: break
        }
        return []
    }

    private mutating func startLoad(_ name: String) -> [ViewEffect] {
        loading = name
        message = nil
        let load = load
        return [.start(ViewTask(name: "forecast") { await load(name) })]
    }
}
