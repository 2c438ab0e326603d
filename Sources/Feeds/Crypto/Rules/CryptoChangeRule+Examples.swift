import Foundation
import NotifierEngine

extension CryptoChangeRule {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func ticker(_ change24h: Decimal?, symbol: String = "BTC", price: Decimal = 66744.89) -> Ticker {
        Ticker(id: "90", symbol: symbol, name: "Bitcoin", rank: 1, priceUSD: price, change1h: 0.5, change24h: change24h, change7d: -2)
    }

    /// Runs polls through a fresh engine and returns every alert.
    /// `updates`: `[delivery] update_in_place`.
    static func run(_ polls: [[Ticker]?], rule: CryptoChangeRule = CryptoChangeRule(), updates: Bool = true) -> [Alert] {
        var engine = RuleEngine()
        engine.updatesBubbles = updates
        var alerts: [Alert] = []
        for (index, tickers) in polls.enumerated() {
            let readings = rule.readings(tickers, known: Array(engine.records.keys), previous: [:], locale: Locale(identifier: "en_US"))
            alerts += engine.evaluate(readings, now: start.addingTimeInterval(Double(index) * 30)).alerts
        }
        return alerts
    }

    public static let examples: [RuleExample] = [
        RuleExample(
            "a 24 h rise past +5 %",
            .fires { alerts in
                alerts.count == 1 && alerts[0].title == "BTC +6.2 % in 24h ▲" && alerts[0].deepLink.command == "notifier open crypto BTC"
                    && alerts[0].body.hasPrefix("Bitcoin: $66,744.89")
            }
        ) { run([[ticker(1)], [ticker(6.2)]]) },
        RuleExample(
            "a fall past −5 % is its own alert",
            .fires { alerts in
                alerts.map(\.title) == ["BTC +6 % in 24h ▲", "BTC −7 % in 24h ▼"]
            }
        ) { run([[ticker(6)], [ticker(-7)]]) },
        RuleExample("hovering around +5 % fires once", .fires { alerts in alerts.count == 1 }) {
            run([[ticker(4.9)], [ticker(5.1)], [ticker(4.8)], [ticker(5.3)], [ticker(4.5)], [ticker(5.0)]])
        },
        RuleExample("a move inside the threshold", .staysSilent) { run([[ticker(2)], [ticker(-4.9)], [ticker(4.99)]]) },
        RuleExample("a failed poll is unknown, not a fall", .staysSilent) { run([[ticker(1)], nil, [ticker(1)]]) },
        RuleExample("no 24 h figure in the feed", .staysSilent) { run([[ticker(nil)], [ticker(nil)]]) },
        RuleExample("a per-coin override fires BTC at +3 %", .fires { alerts in alerts.map(\.title) == ["BTC +3.2 % in 24h ▲"] }) {
            run([[ticker(1)], [ticker(3.2)]], rule: CryptoChangeRule(overrides: ["BTC": Levels(threshold: 3, rearm: 2)]))
        },
        RuleExample("a title from the user's template", .fires { alerts in alerts.map(\.title) == ["Bitcoin ▲ +6 % (24h) at $66,744.89 {nope}"] }) {
            run([[ticker(1)], [ticker(6)]], rule: CryptoChangeRule(titleTemplate: MessageTemplate("{name} {arrow} {change} ({window}) at {price} {nope}")))
        },
        RuleExample("a repeat while the move lasts", .fires { alerts in alerts.map(\.title) == ["BTC +6 % in 24h ▲", "BTC +6.5 % in 24h, still"] }) {
            run(
                [[ticker(6)]] + Array(repeating: [ticker(6.2)], count: 59) + [[ticker(6.5)]],
                rule: CryptoChangeRule(policy: AlertPolicy(repeatInterval: .seconds(30 * 60))))
        },
        // Updates in place: half the level (2.5 points) deeper than last shown.
        RuleExample(
            "−5 % then −8 % updates the bubble once; −8.2 % does not",
            .fires { alerts in
                alerts.map(\.title) == ["BTC −5 % in 24h ▼", "BTC −8 % in 24h ▼"] && alerts.map(\.emission) == [.fired, .updated]
                    && alerts[1].reason?.hasPrefix("updated the bubble shown at ") == true && alerts[1].reason?.contains("(was −5 %)") == true
            }
        ) { run([[ticker(1)], [ticker(-5)], [ticker(-8)], [ticker(-8.2)]]) },
        RuleExample("less than half the level deeper, or back towards it, updates nothing", .fires { alerts in alerts.count == 1 }) {
            run([[ticker(1)], [ticker(-5.5)], [ticker(-7.9)], [ticker(-6)], [ticker(-7.9)]])
        },
        RuleExample(
            "after an update a recede resolves as before",
            .fires { alerts in
                alerts.map(\.emission) == [.fired, .updated, .resolved] && alerts[2].title == "BTC back within ±5 % (−3 % in 24h)"
            }
        ) { run([[ticker(1)], [ticker(-5)], [ticker(-8)], [ticker(-3)]], rule: CryptoChangeRule(policy: AlertPolicy(notifyWhenResolved: true))) },
        RuleExample("with update_in_place off a deeper move says nothing", .fires { alerts in alerts.map(\.emission) == [.fired] }) {
            run([[ticker(1)], [ticker(-5)], [ticker(-8)], [ticker(-12)]], updates: false)
        },
        RuleExample("a symbol that cannot be a deep link", .staysSilent) { run([[ticker(9, symbol: "$(rm)")]]) },
        RuleExample(
            "an exact price, not a rounded binary float",
            .fires { alerts in
                alerts[0].body.hasPrefix("Bitcoin: $0.000000000314")
            }
        ) { run([[ticker(10, price: Decimal(string: "3.14E-10")!)]]) },
    ]
}
