import Foundation
import NotifierEngine

/// A coin's price crossing a level the user set, edge-triggered: it notifies when the price
/// crosses, not while it stays across, and not for a price already across when first seen.
public struct PriceCrossingRule: Rule {
    public static let id = "crypto_cross"
    public static let summary = "A coin's price crossing a level, once per crossing"
    public static let linkedViews: [LinkedView] = [.crypto]

    public struct Level: Sendable, Equatable, CustomStringConvertible {
        public var symbol: String
        public var above: Bool
        public var price: Decimal

        /// Parses "BTC > 100000" or "ETH < 1800.5"; `nil` for anything else.
        public init?(parsing text: String) {
            let parts = text.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 3, parts[1] == ">" || parts[1] == "<", DeepLink.crypto(String(parts[0])) != nil,
                let price = Ticker.parseDecimal(parts[2]), price > 0
            else { return nil }
            symbol = parts[0].uppercased()
            above = parts[1] == ">"
            self.price = price
        }

        public var description: String { "\(symbol) \(above ? ">" : "<") \(price)" }
        var subject: String { "\(symbol):\(above ? "above" : "below"):\(price)" }
    }

    public var levels: [Level]
    /// How far back across the level, in percent of it, the price must go to re-arm.
    public var rearmPercent: Double
    public var urgency: Urgency
    /// Edge-triggered, so only flapping is of its policy: the rest stays at the defaults.
    public var policy: AlertPolicy

    public init(levels: [Level], rearmPercent: Double = 0.5, urgency: Urgency = .normal, policy: AlertPolicy = AlertPolicy()) {
        self.policy = policy
        self.levels = levels
        self.rearmPercent = rearmPercent
        self.urgency = urgency
    }

    public func readings(_ tickers: [Ticker], locale: Locale) -> [SubjectReading] {
        let bySymbol = Self.index(tickers, for: Set(levels.map(\.symbol)))
        return levels.compactMap { level in
            let level = level
            let levelValue = ExactDecimal.double(level.price)
            let margin = levelValue * rearmPercent / 100
            guard
                let threshold = try? Threshold(
                    direction: level.above ? .above : .below, fireLevel: levelValue,
                    rearmLevel: level.above ? levelValue - margin : levelValue + margin)
            else { return nil }
            let ticker = bySymbol[level.symbol]
            let price = ticker.map { ExactDecimal.double($0.priceUSD) }
            return SubjectReading(
                key: SubjectKey(rule: Self.id, subject: level.subject), signal: price.flatMap { threshold.signal(for: $0) },
                shownValue: ticker.map { "$\($0.priceUSD)" } ?? "unknown", policy: policy, edgeTriggered: true,
                level: "$" + CryptoChangeRule.price(level.price, locale: locale)
            ) { emission in
                guard emission == .fired, let ticker, let link = DeepLink.crypto(ticker.symbol) else { return nil }
                let price = CryptoChangeRule.price(ticker.priceUSD, locale: locale)
                let levelText = CryptoChangeRule.price(level.price, locale: locale)
                return Alert(
                    rule: Self.id, key: level.subject, title: "\(level.symbol) \(level.above ? "rose above" : "fell below") $\(levelText)",
                    body: "\(ticker.name): $\(price)", urgency: urgency, category: "x-notifier.crypto", deepLink: link,
                    icon: level.above ? "go-up" : "go-down", groupFragment: "\(level.symbol) \(level.above ? ">" : "<") $\(levelText)",
                    groupNoun: "price levels crossed",
                    reason: "\(level.symbol) at $\(ticker.priceUSD) crossed the level \(level)", listView: "crypto")
            }
        }
    }
}

extension PriceCrossingRule {
    /// The first ticker of each wanted symbol, matched case-insensitively. A poll may hold
    /// thousands of coins and only a few have levels: symbols already in upper case (nearly
    /// all) are looked up as they are, not upper-cased one by one.
    static func index(_ tickers: [Ticker], for symbols: Set<String>) -> [String: Ticker] {
        var found: [String: Ticker] = [:]
        for ticker in tickers {
            let plain = ticker.symbol.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
            let symbol = plain ? ticker.symbol : ticker.symbol.uppercased()
            if found[symbol] == nil, symbols.contains(symbol) { found[symbol] = ticker }
        }
        return found
    }

    static func run(_ prices: [Decimal?], level: String = "BTC > 100000") -> [Alert] {
        guard let parsed = Level(parsing: level) else { return [] }
        let rule = PriceCrossingRule(levels: [parsed])
        var engine = RuleEngine()
        var alerts: [Alert] = []
        for (index, price) in prices.enumerated() {
            let tickers = price.map { [Ticker(id: "90", symbol: "BTC", name: "Bitcoin", rank: 1, priceUSD: $0)] } ?? []
            alerts +=
                engine.evaluate(
                    rule.readings(tickers, locale: Locale(identifier: "en_US")),
                    now: Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 30)
                ).alerts
        }
        return alerts
    }

    public static let examples: [RuleExample] = [
        RuleExample(
            "crossing up through the level",
            .fires { alerts in
                alerts.map(\.title) == ["BTC rose above $100,000"] && alerts[0].deepLink.command == "notifier open crypto BTC"
            }
        ) { run([99_000, 99_900, 100_100]) },
        RuleExample("staying above after the crossing", .fires { alerts in alerts.count == 1 }) {
            run([99_000, 100_100, 101_000, 100_050, 102_000])
        },
        RuleExample("already above when first seen is no crossing", .staysSilent) { run([101_000, 102_000]) },
        RuleExample("a dip within the re-arm margin does not re-arm", .fires { alerts in alerts.count == 1 }) {
            run([99_000, 100_100, 99_800, 100_200])
        },
        RuleExample("a real dip re-arms, the next crossing notifies", .fires { alerts in alerts.count == 2 }) {
            run([99_000, 100_100, 99_000, 100_200])
        },
        RuleExample("a missing price is unknown, not zero", .staysSilent) { run([101_000, nil, 101_000]) },
        RuleExample("crossing down below a floor", .fires { alerts in alerts.map(\.title) == ["BTC fell below $60,000"] }) {
            run([61_000, 59_000], level: "BTC < 60000")
        },
        RuleExample("a level that does not parse", .staysSilent) { run([99_000, 101_000], level: "BTC >= 100000") },
    ]
}
