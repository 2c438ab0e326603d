import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

package struct ListCrypto: ContextCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "crypto",
        abstract: "The watched coins from the last CoinLore poll: rank, price, 1 h / 24 h / 7 d change."
    )

    package enum Sort: String, CaseIterable, ExpressibleByArgument { case name, price, change1h, change24h, rank }

    @OptionGroup package var global: GlobalOptions

    @Option(help: "Order: name, price, change1h, change24h or rank.")
    package var sort: Sort = .rank

    @Option(help: "At most this many coins.")
    package var limit = 20

    @Flag(help: "Print the list even on a terminal, instead of opening it full-screen and live.")
    package var plain = false

    package func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }

    package func run(context: AppContext) throws {
        if ScreenRunner.isInteractive(plain: plain, json: false, environment: context.environment) {
            var model = CryptoScreen.listModel(context: context)
            model.sort = CryptoListModel.Sort(rawValue: sort.rawValue) ?? .rank
            if ScreenRunner.run(model, context: context) { return }
        }
        let store = Store.openForReading(path: context.paths.storePath)
        guard let (fetchedAt, tickers) = store?.latestTickers(), !tickers.isEmpty else {
            print("No crypto data yet: `notifier --once` or the daemon fetches it from CoinLore.")
            return
        }
        let sorted: [Ticker]
        switch sort {
        case .name: sorted = tickers.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
        case .price: sorted = tickers.sorted { $0.priceUSD > $1.priceUSD }
        case .change1h: sorted = tickers.sorted { ($0.change1h ?? -.greatestFiniteMagnitude) > ($1.change1h ?? -.greatestFiniteMagnitude) }
        case .change24h: sorted = tickers.sorted { ($0.change24h ?? -.greatestFiniteMagnitude) > ($1.change24h ?? -.greatestFiniteMagnitude) }
        case .rank: sorted = tickers.sorted { $0.rank < $1.rank }
        }
        // The trend since the poll before the last one, as the ticker app this grew from showed.
        let history = (try? store?.priceHistory(since: fetchedAt.addingTimeInterval(-2 * 86400))) ?? [:]
        func trend(_ ticker: Ticker) -> String {
            let earlier = (history[ticker.symbol.uppercased()] ?? []).filter { $0.at < fetchedAt }
            guard let previous = earlier.last?.price else { return " " }
            return ticker.priceUSD > previous ? "▲" : ticker.priceUSD < previous ? "▼" : "="
        }
        let style = TerminalStyle.forStandardOutput(environment: context.environment)
        var text = style.bold("rank  symbol  name                   price (USD)          1 h      24 h       7 d") + "\n"
        for ticker in sorted.prefix(limit) {
            let change: (Decimal?) -> String = CryptoChangeRule.percent
            text += "\(String(ticker.rank).leftPadded(4))  \(TextSanitizer.singleLine(ticker.symbol).padding(toLength: 6, withPad: " ", startingAt: 0))  "
            text += TextSanitizer.singleLine(ticker.name).padding(toLength: 20, withPad: " ", startingAt: 0)
            text +=
                " \(ticker.priceUSD.description.leftPadded(14)) \(trend(ticker)) \(change(ticker.change1h).leftPadded(9)) \(change(ticker.change24h).leftPadded(9)) \(change(ticker.change7d).leftPadded(9))\n"
        }
        text += style.dim("CoinLore, fetched \(UTCStamp.text(fetchedAt))") + "\n"
        FileHandle.standardOutput.write(text: TerminalStyle.terminalText(text))
    }
}
