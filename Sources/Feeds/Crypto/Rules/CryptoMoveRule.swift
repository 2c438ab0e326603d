import Foundation
import NotifierEngine

/// A coin's price moving by X % within Y minutes, measured on our own stored history rather than
/// the API's fixed windows: the current price against the lowest (for a rise) and the highest
/// (for a fall) price seen within the window. It re-arms once the move recedes.
public struct CryptoMoveRule: Rule {
    public static let id = "crypto_move"
    public static let summary = "A coin's price moving ≥ X % within Y minutes, from stored history"
    public static let linkedViews: [LinkedView] = [.crypto]

    public struct PricePoint: Sendable, Equatable {
        public var at: Date
        /// Set once, with its double: a poll reads both where they lie (`samePrice`).
        public let price: Decimal
        /// The price as a double, made once: a poll compares each coin's stored prices with one
        /// another, and a double tells their order but where two are within its error.
        let approximate: Double

        public init(at: Date, price: Decimal) {
            self.init(at: at, price: price, approximate: ExactDecimal.double(price))
        }

        /// `approximate`: `ExactDecimal.double(price)`, made already.
        init(at: Date, price: Decimal, approximate: Double) {
            self.at = at
            self.price = price
            self.approximate = approximate
        }

        public static func == (lhs: PricePoint, rhs: PricePoint) -> Bool {
            lhs.at == rhs.at && lhs.price == rhs.price
        }
    }

    public var percent: Double
    public var rearmPercent: Double
    public var window: Duration
    public var policy: AlertPolicy
    public var urgency: Urgency
    /// Per-symbol (percent, re-arm) replacing the defaults for that coin.
    public var overrides: [String: CryptoChangeRule.Levels]

    public init(
        percent: Double = 3, rearmPercent: Double = 2, window: Duration = .seconds(15 * 60),
        policy: AlertPolicy = AlertPolicy(cooldown: .seconds(30 * 60)), urgency: Urgency = .normal,
        overrides: [String: CryptoChangeRule.Levels] = [:]
    ) {
        self.overrides = overrides
        self.percent = percent
        self.rearmPercent = rearmPercent
        self.window = window
        self.policy = policy
        self.urgency = urgency
    }

    /// `history` holds earlier prices per symbol (any age; older ones are ignored).
    public func readings(_ tickers: [Ticker], history: [String: [PricePoint]], now: Date, locale: Locale) -> [SubjectReading] {
        let since = since(now)
        let extremes = tickers.map { PriceWindow.Extremes.scanning($0, history, since: since, now: now) }
        return readings(tickers, extremes: extremes, now: now, locale: locale)
    }

    /// Where the window of a poll at `now` starts.
    public func since(_ now: Date) -> Date {
        now.addingTimeInterval(-Double(window.components.seconds))
    }

    /// `extremes`: each ticker's low and high within the window before this poll, in the tickers'
    /// order, as `PriceWindow.poll` or `extremes` finds them in the stored prices.
    public func readings(_ tickers: [Ticker], extremes: [PriceWindow.Extremes], now: Date, locale: Locale) -> [SubjectReading] {
        var readings: [SubjectReading] = []
        readings.reserveCapacity(tickers.count * 2)
        emit(tickers, extremes: extremes, now: now, locale: locale, into: &readings)
        return readings
    }

    /// `readings`, handed to `sink` one at a time.
    public func emit(_ tickers: [Ticker], extremes: [PriceWindow.Extremes], now: Date, locale: Locale, into sink: inout some ReadingSink) {
        precondition(extremes.count == tickers.count, "one low and high for each ticker")
        // What the alerts are made from, once for the poll: each reading holds it and its place
        // (its ticker's, twice) rather than a closure with its own copy of the rule and the coin.
        let poll = AlertSource(rule: self, tickers: tickers, extremes: extremes, now: now, locale: locale)
        let (defaultRise, defaultFall) = CryptoChangeRule.Levels(threshold: percent, rearm: rearmPercent).thresholds
        let defaultKinds = kinds(percent, rise: defaultRise, fall: defaultFall, alerts: poll)
        // Each coin's low and high read where they lie, in the window's answer: a copy of each, in
        // an array of the poll's own, was written and read again for every coin.
        tickers.withUnsafeBufferPointer { tickers in
            extremes.withUnsafeBufferPointer { extremes in
                Self.subjectKeys.poll(places: tickers.count) { keys in
                    var place = 0
                    for index in tickers.indices {
                        let coin = extremes.baseAddress! + index
                        // A linked coin's symbol is a link symbol: it has its keys.
                        guard let symbol = coin.pointee.symbol, let coinKeys = keys(place, symbol) else { continue }
                        place += 1
                        // The moves from the low and the high, estimated; `take` makes the exact one
                        // where an estimate cannot decide.
                        let (price, approximate) = (tickers[index].priceUSD, coin.pointee.approximate)
                        let rise = coin.pointee.low.flatMap { PercentEstimate(from: $0.price, $0.approximate, to: price, approximate) }
                        let fall = coin.pointee.high.flatMap { PercentEstimate(from: $0.price, $0.approximate, to: price, approximate) }
                        let (risePlace, fallPlace) = (AlertSource.place(index, rise: true), AlertSource.place(index, rise: false))
                        // A coin of its own threshold has kinds of its own. The default kinds are lent,
                        // not copied for each coin (a copy is atomic retains and releases, which wait
                        // for the readings' writes before them), nor put in an optional destroyed each time.
                        if !overrides.isEmpty, let override = overrides[symbol] {
                            let own = ownKinds(override, alerts: poll)
                            take(rise, coinKeys.pointee.first, own.rise, kind: own.kinds.rise, place: risePlace, alerts: poll, into: &sink)
                            take(fall, coinKeys.pointee.second, own.fall, kind: own.kinds.fall, place: fallPlace, alerts: poll, into: &sink)
                        } else {
                            take(rise, coinKeys.pointee.first, defaultRise, kind: defaultKinds.rise, place: risePlace, alerts: poll, into: &sink)
                            take(fall, coinKeys.pointee.second, defaultFall, kind: defaultKinds.fall, place: fallPlace, alerts: poll, into: &sink)
                        }
                    }
                }
            }
        }
    }

    // One direction of one coin; without an earlier price in the window, nothing to compare, so
    // unknown rather than 0 %. The move is its estimate where that decides the signal and the
    // text, else the exact value.
    private func take(
        _ estimate: PercentEstimate?, _ key: SubjectKey, _ threshold: Threshold?, kind: ReadingKind, place: Int, alerts: AlertSource,
        into sink: inout some ReadingSink
    ) {
        var move: Double?
        var margin = 0.0
        if let estimate, estimate.isDecisive(for: threshold) {
            (move, margin) = (estimate.value, estimate.margin)
        } else {
            move = alerts.exactMeasure(place)
        }
        sink.take(
            key: key, signal: move.flatMap { threshold?.signal(for: $0) }, shownValue: move.map(CryptoChangeRule.percent) ?? "unknown",
            kind: kind, deeperValue: move, deeperMargin: margin, place: place)
    }

    /// A coin's thresholds and kinds at its own levels (`overrides`).
    private func ownKinds(
        _ override: CryptoChangeRule.Levels, alerts: AlertSource
    ) -> (rise: Threshold?, fall: Threshold?, kinds: (rise: ReadingKind, fall: ReadingKind)) {
        let (rise, fall) = override.thresholds
        return (rise, fall, kinds(override.threshold, rise: rise, fall: fall, alerts: alerts))
    }

    /// Each coin's `SYMBOL:rise` and `SYMBOL:fall`, kept from poll to poll.
    private static let subjectKeys = CoinKeys(rule: id, ":rise", ":fall")

    /// The two directions' kinds of reading at `percent`: its level as shown ("+3 %"), and, as
    /// crypto_change, half of it deeper than last shown updates the bubble.
    private func kinds(_ percent: Double, rise: Threshold?, fall: Threshold?, alerts: any PollAlerts) -> (rise: ReadingKind, fall: ReadingKind) {
        let texts = CryptoChangeRule.levelTexts(percent)
        return (
            ReadingKind(
                policy: policy, level: texts.up, deeperStep: percent / 2, direction: rise?.direction ?? .above,
                deeperText: CryptoChangeRule.percentText, alerts: alerts),
            ReadingKind(
                policy: policy, level: texts.down, deeperStep: percent / 2, direction: fall?.direction ?? .above,
                deeperText: CryptoChangeRule.percentText, alerts: alerts)
        )
    }

    /// A poll's coins and what their alerts say, shared by the poll's readings (`PollAlerts`).
    private final class AlertSource: PollAlerts {
        let rule: CryptoMoveRule
        let tickers: [Ticker]
        /// Each ticker's low and high within the window before the poll (`PriceWindow.poll`).
        let extremes: [PriceWindow.Extremes]
        let now: Date
        let locale: Locale

        init(rule: CryptoMoveRule, tickers: [Ticker], extremes: [PriceWindow.Extremes], now: Date, locale: Locale) {
            self.rule = rule
            self.tickers = tickers
            self.extremes = extremes
            self.now = now
            self.locale = locale
        }

        func levels(_ symbol: String) -> CryptoChangeRule.Levels {
            rule.overrides[symbol] ?? CryptoChangeRule.Levels(threshold: rule.percent, rearm: rule.rearmPercent)
        }

        /// A reading's place: its ticker's, twice, and its direction.
        static func place(_ index: Int, rise: Bool) -> Int { index * 2 + (rise ? 0 : 1) }
        static func isRise(_ place: Int) -> Bool { place % 2 == 0 }

        func alert(_ place: Int, _ emission: AlertStateMachine.Emission) -> Alert? {
            alert(place / 2, rise: Self.isRise(place), emission)
        }

        func exactMeasure(_ place: Int) -> Double? {
            exactMove(of: place / 2, rise: Self.isRise(place))
        }

        /// The move of the coin at `index` from its low (`rise`) or high, exactly; `nil` without one.
        func exactMove(of index: Int, rise: Bool) -> Double? {
            guard let reference = rise ? extremes[index].low : extremes[index].high else { return nil }
            return ExactDecimal.percentChange(from: reference.price, to: tickers[index].priceUSD)
        }

        func alert(_ index: Int, rise: Bool, _ emission: AlertStateMachine.Emission) -> Alert? {
            let ticker = tickers[index]
            guard let symbol = extremes[index].symbol, let move = exactMove(of: index, rise: rise),
                let reference = rise ? extremes[index].low : extremes[index].high, let link = DeepLink.crypto(symbol)
            else { return nil }
            let levels = levels(symbol)
            let window = rule.window
            let minutes = max(1, Int(now.timeIntervalSince(reference.at) / 60))
            if emission == .resolved {
                return Alert(
                    rule: CryptoMoveRule.id, key: symbol,
                    title: "\(symbol) calmer: \(CryptoChangeRule.percent(move)) within \(window.components.seconds / 60) min",
                    body: "\(ticker.name): $\(CryptoChangeRule.price(ticker.priceUSD, locale: locale))", urgency: .low,
                    category: "x-notifier.crypto", deepLink: link,
                    reason: "\(symbol)'s move within the window fell back below ±\(CryptoChangeRule.number(levels.rearm)) %", listView: "crypto")
            }
            let from = CryptoChangeRule.price(reference.price, locale: locale)
            let to = CryptoChangeRule.price(ticker.priceUSD, locale: locale)
            let still = emission == .repeated ? ", still" : ""
            return Alert(
                rule: CryptoMoveRule.id, key: symbol, title: "\(symbol) \(CryptoChangeRule.percent(move)) in \(minutes) min \(move >= 0 ? "▲" : "▼")\(still)",
                body: "\(ticker.name): $\(from) → $\(to)", urgency: rule.urgency, category: "x-notifier.crypto",
                deepLink: link, icon: move >= 0 ? "go-up" : "go-down",
                groupFragment: "\(symbol) \(CryptoChangeRule.percent(move))", groupNoun: "coins moved",
                reason:
                    "\(symbol) moved \(CryptoChangeRule.percent(move)) from $\(reference.price) to $\(ticker.priceUSD) within \(minutes) min; the rule fires at ±\(CryptoChangeRule.number(levels.threshold)) % within \(window.components.seconds / 60) min",
                listView: "crypto")
        }
    }
}

extension CryptoMoveRule {
    /// Polls every 5 minutes at these prices; each poll sees the ones before it as history.
    static func run(_ prices: [Decimal], rule: CryptoMoveRule = CryptoMoveRule()) -> [Alert] {
        var engine = RuleEngine()
        var history: [CryptoMoveRule.PricePoint] = []
        var alerts: [Alert] = []
        for (index, price) in prices.enumerated() {
            let now = Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 300)
            let ticker = Ticker(id: "90", symbol: "BTC", name: "Bitcoin", rank: 1, priceUSD: price)
            alerts += engine.evaluate(rule.readings([ticker], history: ["BTC": history], now: now, locale: Locale(identifier: "en_US")), now: now).alerts
            history.append(PricePoint(at: now, price: price))
        }
        return alerts
    }

    public static let examples: [RuleExample] = [
        RuleExample(
            "+3.5 % within 10 minutes",
            .fires { alerts in
                alerts.map(\.title) == ["BTC +3.5 % in 10 min ▲"] && alerts[0].body == "Bitcoin: $100,000 → $103,500"
            }
        ) { run([100_000, 101_000, 103_500]) },
        RuleExample("a slow drift: 3.5 % in 25 minutes, never 3 % within 15", .staysSilent) {
            run([100_000, 100_700, 101_400, 102_100, 102_800, 103_500])
        },
        RuleExample("a fall within the window", .fires { alerts in alerts.map(\.title) == ["BTC −4 % in 5 min ▼"] }) {
            run([100_000, 96_000])
        },
        RuleExample("staying up after the move notifies once", .fires { alerts in alerts.count == 1 }) {
            run([100_000, 103_100, 103_200, 103_150])
        },
        RuleExample("the first poll has nothing to compare", .staysSilent) { run([100_000]) },
        RuleExample(
            "a move that goes on updates its bubble at half the level further",
            .fires { alerts in
                alerts.map(\.title) == ["BTC +3.5 % in 5 min ▲", "BTC +5 % in 10 min ▲"] && alerts.map(\.emission) == [.fired, .updated]
            }
        ) { run([100_000, 103_500, 105_000, 105_500]) },
        RuleExample("a receding move, when asked", .fires { alerts in alerts.map(\.title) == ["BTC +4 % in 5 min ▲", "BTC calmer: +0 % within 15 min"] }) {
            run(
                [100_000, 104_000, 104_000, 104_000, 104_000],
                rule: CryptoMoveRule(policy: AlertPolicy(notifyWhenResolved: true)))
        },
        RuleExample("a per-coin override lets BTC fire at 1.5 %", .fires { alerts in alerts.map(\.title) == ["BTC +1.6 % in 5 min ▲"] }) {
            run([100_000, 101_600], rule: CryptoMoveRule(overrides: ["BTC": .init(threshold: 1.5, rearm: 1)]))
        },
    ]
}
