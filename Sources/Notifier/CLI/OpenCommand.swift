import ArgumentParser
import Feeds
import Foundation
import Rules

struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Show a detail view; notifications link here.",
        subcommands: [OpenCountry.self, OpenCrypto.self, OpenHoliday.self, OpenWeek.self, OpenForecast.self]
    )
}

struct OpenCountry: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "country",
        abstract: "One country: names, capital, region, population, area, currencies, languages, borders.",
        discussion: "Works offline: it reads the embedded data set or the last fetched snapshot.\nExample: notifier open country KZ"
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("A two- or three-letter code or a name, in any case.", valueName: "CCA2|CCA3|name"))
    var query: String

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Print the view even on a terminal, instead of opening it full-screen.")
    var plain = false

    func run() throws {
        try Self.show(query, json: json, plain: plain, context: AppContext.load(global))
    }

    static func show(_ query: String, json: Bool, plain: Bool = false, context: AppContext) throws {
        let data = CountryData.current(config: context.config, paths: context.paths)
        guard query.count <= 100, let country = data.catalog.find(query) else {
            let shown = String(TextSanitizer.singleLine(query).prefix(100))
            let suggestions = data.catalog.suggestions(for: shown)
            let hint = suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?"
            throw UserError.invalidArgument("unknown country '\(shown)'\(hint)")
        }
        if ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment),
           ScreenRunner.run(CountryDetailModel(country: country, data: data, locale: .current, now: Date()), environment: context.environment) {
            return
        }
        let view = CountryDetailView(country: country, data: data, locale: .current, now: Date())
        let text = json ? try view.renderJSON() : view.render(style: .forStandardOutput(environment: context.environment))
        FileHandle.standardOutput.write(Data(TerminalStyle.terminalText(text).utf8))
    }
}

/// Clicks open detail views, so their start-up is the program's hot path, and a third of it
/// went to argument-parser building its command tree by reflection. The plain forms of
/// `open country`, `open crypto` and `open week` are recognised here first; anything else
/// (options, help, typos) goes through the parser, which gives the same result for these forms.
enum DetailViewFastPath {
    static func run(_ arguments: [String]) async throws -> Bool {
        let json = arguments.count > 2 && arguments.last == "--json"
        let plain = json ? arguments.dropLast() : arguments[...]
        guard plain.count >= 2, plain.first == "open", !plain.dropFirst(2).contains(where: { $0.hasPrefix("-") }) else { return false }
        switch (plain.dropFirst().first, plain.count) {
        case ("country", 3):
            try OpenCountry.show(plain.last!, json: json, context: AppContext.load(configPath: nil))
        case ("crypto", 3):
            try OpenCrypto.show(plain.last!, json: json, context: AppContext.load(configPath: nil))
        case ("week", 2...3) where !json:
            try await OpenWeek.show(date: plain.dropFirst(2).first, firstDay: nil, next: 0, prev: 0, context: AppContext.load(configPath: nil))
        default:
            return false
        }
        return true
    }
}

struct OpenCrypto: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crypto",
        abstract: "One coin from the last CoinLore poll: price, rank, 1 h / 24 h / 7 d change, market cap, volume.",
        discussion: "Works offline: it reads the last stored poll.\nExample: notifier open crypto BTC"
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The coin's symbol, in any case.", valueName: "SYMBOL"))
    var symbol: String

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Print the coin even on a terminal, instead of opening it full-screen and live.")
    var plain = false

    func run() throws {
        try Self.show(symbol, json: json, plain: plain, context: AppContext.load(global))
    }

    static func show(_ symbol: String, json: Bool, plain: Bool = false, context: AppContext) throws {
        let shown = TextSanitizer.singleLine(String(symbol.prefix(40)))
        guard DeepLink.crypto(symbol) != nil else { throw UserError.invalidArgument("not a coin symbol: '\(shown)'") }
        let store = Store.openForReading(path: context.paths.storePath)
        guard let (fetchedAt, tickers) = store?.latestTickers() else {
            throw UserError.invalidArgument("no crypto data yet: `notifier --once` or the daemon fetches it from CoinLore")
        }
        guard let ticker = tickers.first(where: { $0.symbol.uppercased() == symbol.uppercased() }) else {
            let wanted = symbol.uppercased()
            let close = tickers.map(\.symbol).filter { (wanted.count >= 2 && $0.hasPrefix(wanted)) || CountryCatalog.editDistance($0, wanted) <= 1 }
            let hint = close.isEmpty ? "watched: \(tickers.map(\.symbol).prefix(30).joined(separator: ", "))" : "did you mean \(close.prefix(5).joined(separator: ", "))?"
            throw UserError.invalidArgument("unknown coin '\(shown)'; \(hint)")
        }
        if ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment),
           ScreenRunner.run(CryptoCoinModel(symbol: ticker.symbol, list: CryptoScreen.listModel(context: context)), environment: context.environment) {
            return
        }
        let history = (try? store?.priceHistory(since: fetchedAt.addingTimeInterval(-86400)))??[ticker.symbol.uppercased()] ?? []
        if json {
            struct View: Encodable {
                var ticker: Ticker
                var fetchedAt: String
                var source: String
                var history: [[String: String]]
            }
            let points = history.map { ["at": $0.at.formatted(.iso8601), "price": "\($0.price)"] }
            try PrettyJSON.print(View(ticker: ticker, fetchedAt: fetchedAt.formatted(.iso8601), source: "CoinLore", history: points))
            return
        }
        let style = TerminalStyle.forStandardOutput(environment: context.environment)
        let percent: (Decimal?) -> String = CryptoChangeRule.percent
        func money(_ value: Decimal?) -> String {
            value.map { "$" + $0.formatted(.number.locale(.current).precision(.fractionLength(0...12))) } ?? "n/a"
        }
        func amount(_ value: Decimal?) -> String {
            value.map { $0.formatted(.number.locale(.current).precision(.fractionLength(0...2))) } ?? "n/a"
        }
        let previous = history.last { $0.at < fetchedAt }?.price
        let trend = previous.map { ticker.priceUSD > $0 ? " ▲ from \(money($0))" : ticker.priceUSD < $0 ? " ▼ from \(money($0))" : " = unchanged" } ?? ""
        var text = style.bold("\(ticker.name) (\(ticker.symbol))") + "  rank \(ticker.rank)\n\n"
        for (label, value) in [("Price", money(ticker.priceUSD) + trend), ("1 h", percent(ticker.change1h)),
                               ("24 h", percent(ticker.change24h)), ("7 d", percent(ticker.change7d)),
                               ("Market cap", money(ticker.marketCapUSD)), ("Volume 24 h", money(ticker.volume24USD)),
                               ("Supply", "\(amount(ticker.circulatingSupply)) circulating, \(amount(ticker.totalSupply)) total, \(amount(ticker.maxSupply)) max"),
                               ("History", Sparkline.render(history.map(\.price)) + " (\(history.count) polls, 24 h)")] {
            text += style.bold(label.padding(toLength: 12, withPad: " ", startingAt: 0)) + value + "\n"
        }
        let age = CountryDetailView.age(from: fetchedAt, to: Date())
        text += "\n" + style.dim("Source: CoinLore, fetched \(fetchedAt.formatted(.iso8601)) (\(age) ago)") + "\n"
        FileHandle.standardOutput.write(Data(TerminalStyle.terminalText(TextSanitizer.printable(text)).utf8))
    }
}

/// A price history as one line of block characters, lowest to highest.
enum Sparkline {
    static let blocks = Array("▁▂▃▄▅▆▇█")

    static func render(_ values: [Decimal], width: Int = 40) -> String {
        let recent = Array(values.suffix(width))
        guard let low = recent.min(), let high = recent.max() else { return "no history yet" }
        guard high > low else { return String(repeating: blocks[3], count: recent.count) }
        return String(recent.map { value in
            let position = NSDecimalNumber(decimal: (value - low) / (high - low)).doubleValue
            return blocks[min(blocks.count - 1, max(0, Int(position * Double(blocks.count - 1) + 0.5)))]
        })
    }
}

/// Indented, sorted JSON on standard output: every view's `--json`.
enum PrettyJSON {
    static func print<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        FileHandle.standardOutput.write(try encoder.encode(value) + Data("\n".utf8))
    }
}

struct OpenForecast: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "A place's 7-day forecast: now, each day's low/high, rain, condition and gusts, a temperature chart.",
        discussion: """
            Works offline: it reads the last stored forecasts, marking what changed since the one before.
            Example: notifier open forecast Tallinn
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("A place from feeds.forecast.places, in any case; the first one if left out.", valueName: "PLACE"))
    var place: String?

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Print the forecast even on a terminal, instead of opening it full-screen.")
    var plain = false

    func run() throws {
        let context = try AppContext.load(global)
        let places = context.config.forecastPlaces
        let wanted = place.map { String($0.prefix(100)) }
        let slug = ForecastPlace.slug(wanted ?? places.first?.name ?? "")
        guard !slug.isEmpty else {
            throw UserError.invalidArgument(wanted == nil ? "no places in feeds.forecast.places" : "not a place name: '\(TextSanitizer.singleLine(wanted!))'")
        }
        let name = places.first { $0.slug.lowercased() == slug.lowercased() }?.name ?? wanted ?? slug
        if ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment),
           ForecastScreen.run(place: name, context: context) {
            return
        }
        let stored = (try? Store.openForReading(path: context.paths.storePath)?.forecasts(place: name, limit: 2)) ?? []
        guard let latest = stored.first else {
            let configured = places.map(\.name).joined(separator: ", ")
            let known = places.contains { $0.slug.lowercased() == slug.lowercased() }
            throw UserError.invalidArgument(known
                ? "no forecast for \(TextSanitizer.singleLine(name)) yet: `notifier --once` or the daemon fetches it"
                : "no forecast for '\(TextSanitizer.singleLine(name))'; configured places: \(configured.isEmpty ? "none" : configured)")
        }
        let view = ForecastView(latest: latest, previous: stored.dropFirst().first, now: Date(), locale: .current)
        if json {
            try PrettyJSON.print(view.json)
        } else {
            FileHandle.standardOutput.write(Data(TerminalStyle.terminalText(view.render(style: .forStandardOutput(environment: context.environment))).utf8))
        }
    }
}
