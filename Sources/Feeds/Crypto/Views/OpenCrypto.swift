import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

package struct OpenCrypto: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "crypto",
        abstract: "One coin from the last CoinLore poll: price, rank, 1 h / 24 h / 7 d change, market cap, volume.",
        discussion: "Works offline: it reads the last stored poll.\nExample: notifier open crypto BTC"
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: ArgumentHelp("The coin's symbol, in any case.", valueName: "SYMBOL"))
    package var symbol: String

    @OptionGroup package var output: OutputOptions<Output>
    package enum Output: OutputHelp {
        package static let plain = "Print the coin even on a terminal, instead of opening it full-screen and live."
    }

    package func show(context: AppContext) throws {
        try Self.show(symbol, json: json, plain: plain, context: context)
    }

    package static func show(_ symbol: String, json: Bool, plain: Bool = false, context: AppContext) throws {
        // Sanitized for the errors only: it goes through NSString on Linux, a cost on every open.
        func shown() -> String { TextSanitizer.singleLine(String(symbol.prefix(40))) }
        guard DeepLink.crypto(symbol) != nil else { throw UserError.invalidArgument("not a coin symbol: '\(shown())'") }
        let store = Store.openForReading(path: context.paths.storePath)
        guard let (fetchedAt, tickers) = store?.latestTickers() else {
            throw UserError.invalidArgument("no crypto data yet: `notifier --once` or the daemon fetches it from CoinLore")
        }
        guard let ticker = tickers.first(where: { $0.symbol.uppercased() == symbol.uppercased() }) else {
            let wanted = symbol.uppercased()
            let close = tickers.map(\.symbol).filter { (wanted.count >= 2 && $0.hasPrefix(wanted)) || NearName.editDistance($0, wanted) <= 1 }
            let hint =
                close.isEmpty
                ? "watched: \(tickers.map(\.symbol).prefix(30).joined(separator: ", "))" : "did you mean \(close.prefix(5).joined(separator: ", "))?"
            throw UserError.invalidArgument("unknown coin '\(shown())'; \(hint)")
        }
        if ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment),
            ScreenRunner.run(CryptoCoinModel(symbol: ticker.symbol, list: CryptoScreen.listModel(context: context)), context: context)
        {
            return
        }
        let stored = ticker.symbol.uppercased()
        let history = (try? store?.priceHistory(since: fetchedAt.addingTimeInterval(-86400), symbol: stored))??[stored] ?? []
        Store.leaveOpenUntilExit(store)
        if json {
            struct View: Encodable {
                var ticker: Ticker
                var fetchedAt: String
                var source: String
                var history: [[String: String]]
            }
            let points = history.map { ["at": RelativeTime.iso($0.at), "price": "\($0.price)"] }
            try PrettyJSON.print(View(ticker: ticker, fetchedAt: RelativeTime.iso(fetchedAt), source: "CoinLore", history: points))
            return
        }
        let style = TerminalStyle.forStandardOutput(environment: context.environment)
        let percent: (Decimal?) -> String = CryptoChangeRule.percent
        let (money, amount) = (Self.money, Self.amount)
        let previous = history.last { $0.at < fetchedAt }?.price
        let trend = previous.map { ticker.priceUSD > $0 ? " ▲ from \(money($0))" : ticker.priceUSD < $0 ? " ▼ from \(money($0))" : " = unchanged" } ?? ""
        var text = style.bold("\(ticker.name) (\(ticker.symbol))") + "  rank \(ticker.rank)\n\n"
        for (label, value) in [
            ("Price", money(ticker.priceUSD) + trend), ("1 h", percent(ticker.change1h)),
            ("24 h", percent(ticker.change24h)), ("7 d", percent(ticker.change7d)),
            ("Market cap", money(ticker.marketCapUSD)), ("Volume 24 h", money(ticker.volume24USD)),
            ("Supply", "\(amount(ticker.circulatingSupply)) circulating, \(amount(ticker.totalSupply)) total, \(amount(ticker.maxSupply)) max"),
            ("History", Sparkline.render(history.map(\.price)) + " (\(history.count) polls, 24 h)"),
        ] {
            text += style.bold(DisplayWidth.padded(label, 12)) + value + "\n"
        }
        let age = Elapsed.short(from: fetchedAt, to: context.now())
        text += "\n" + style.dim("Source: CoinLore, fetched \(UTCStamp.text(fetchedAt)) (\(age) ago)") + "\n"
        FileHandle.standardOutput.write(text: TerminalStyle.terminalText(TextSanitizer.printable(text)))
    }

    /// A price or a sum in dollars, as many decimals as the feed sent, up to 12.
    static func money(_ value: Decimal?) -> String {
        value.map { "$" + $0.formatted(figureStyle) } ?? "n/a"
    }

    /// A count of coins to the hundredth, rounded half to even as the formatter rounds, through
    /// the same style as money: ICU sets up a formatter's locale symbols and patterns anew for
    /// each of its first two calls and once more to keep, so a second style costs all that again.
    static func amount(_ value: Decimal?) -> String {
        value.map {
            var (exact, rounded) = ($0, Decimal())
            NSDecimalRound(&rounded, &exact, 2, .bankers)
            return rounded.formatted(figureStyle)
        } ?? "n/a"
    }

    private static var figureStyle: Decimal.FormatStyle { .number.locale(.current).precision(.fractionLength(0...12)) }
}
