import Foundation
import NotifierEngine

/// A coin's percent change over one of the API's windows (1 h, 24 h, 7 d) beyond ±threshold.
/// Each coin is two subjects, `BTC:up` and `BTC:down`, so a swing from +6 % to −6 % is two alerts,
/// while a value hovering at the threshold is one (the re-arm level is the hysteresis).
public struct CryptoChangeRule: Rule {
    public static let id = "crypto_change"
    public static let summary = "A coin's 1 h / 24 h / 7 d change beyond ±threshold"
    public static let linkedViews: [LinkedView] = [.crypto]

    public enum Window: String, Codable, Sendable, CaseIterable {
        case hour = "1h"
        case day = "24h"
        case week = "7d"

        func change(of ticker: Ticker) -> Decimal? {
            switch self {
            case .hour: return ticker.change1h
            case .day: return ticker.change24h
            case .week: return ticker.change7d
            }
        }
    }

    public var window: Window
    /// Percent, positive: fires at +threshold and −threshold.
    public var thresholdPercent: Double
    /// Percent, positive, below the threshold: re-arms once |change| falls back under it.
    public var rearmPercent: Double
    public var policy: AlertPolicy
    public var urgency: Urgency
    /// Per-symbol levels (threshold, re-arm) that replace the defaults for that coin.
    public var overrides: [String: Levels]
    /// Replaces the built-in title of a fired or repeated alert.
    public var titleTemplate: MessageTemplate?
    public static let templateFields = ["symbol", "name", "change", "window", "arrow", "price", "threshold"]

    public struct Levels: Sendable, Equatable {
        public var threshold: Double
        public var rearm: Double
        public init(threshold: Double, rearm: Double) {
            self.threshold = threshold
            self.rearm = rearm
        }

        /// A rise to `threshold` % and a fall to −`threshold` %, each re-armed at `rearm`; `nil`
        /// where `Threshold` refuses the levels.
        var thresholds: (above: Threshold?, below: Threshold?) {
            (
                try? Threshold(direction: .above, fireLevel: threshold, rearmLevel: rearm),
                try? Threshold(direction: .below, fireLevel: -threshold, rearmLevel: -rearm)
            )
        }
    }

    public init(
        window: Window = .day, thresholdPercent: Double = 5, rearmPercent: Double = 4,
        policy: AlertPolicy = AlertPolicy(cooldown: .seconds(3600)), urgency: Urgency = .normal,
        overrides: [String: Levels] = [:], titleTemplate: MessageTemplate? = nil
    ) {
        self.overrides = overrides
        self.titleTemplate = titleTemplate
        self.window = window
        self.thresholdPercent = thresholdPercent
        self.rearmPercent = rearmPercent
        self.policy = policy
        self.urgency = urgency
    }

    /// One reading per coin and direction. `previous` are the prices of the last poll, for
    /// the trend arrow; `tickers == nil` means the feed failed, and every known subject is unknown.
    public func readings(_ tickers: [Ticker]?, known: [SubjectKey], previous: [String: Decimal], locale: Locale) -> [SubjectReading] {
        guard let tickers else {
            return known.filter { $0.rule == Self.id }.map { key in
                SubjectReading(key: key, signal: nil, shownValue: "unknown", policy: policy) { _ in nil }
            }
        }
        var readings: [SubjectReading] = []
        readings.reserveCapacity(tickers.count * 2)
        emit(tickers, previous: previous, locale: locale, into: &readings)
        return readings
    }

    /// `readings` of a poll with data, handed to `sink` one at a time.
    public func emit(_ tickers: [Ticker], previous: [String: Decimal], locale: Locale, into sink: inout some ReadingSink) {
        // What the coins' alerts are made from, once for the poll: each reading holds it and the
        // coin's index rather than a closure with its own copy of the rule, the coin and the prices.
        let poll = AlertSource(rule: self, tickers: tickers, previous: previous, locale: locale)
        let (defaultUp, defaultDown) = Levels(threshold: thresholdPercent, rearm: rearmPercent).thresholds
        let defaultKinds = kinds(thresholdPercent, up: defaultUp, down: defaultDown, alerts: poll)
        let (window, overrides) = (self.window, self.overrides)
        Self.subjectKeys.poll(places: tickers.count) { keys in
            var place = 0
            for index in tickers.indices {
                guard let coinKeys = keys(place, tickers[index].symbol) else { continue }
                place += 1
                let change = window.change(of: tickers[index]).map(ExactDecimal.double)
                let shown = change.map { Self.percent($0) } ?? "unknown"
                // Both directions say the same when they notify: the coin's place is the reading's.
                func take(_ up: Threshold?, _ down: Threshold?, _ kinds: (up: ReadingKind, down: ReadingKind)) {
                    let (first, second) = (coinKeys.pointee.first, coinKeys.pointee.second)
                    sink.take(
                        key: first, signal: change.flatMap { up?.signal(for: $0) }, shownValue: shown, kind: kinds.up, deeperValue: change,
                        deeperMargin: 0, place: index)
                    sink.take(
                        key: second, signal: change.flatMap { down?.signal(for: $0) }, shownValue: shown, kind: kinds.down, deeperValue: change,
                        deeperMargin: 0, place: index)
                }
                // A coin of its own threshold has kinds of its own. The default kinds are lent,
                // not copied for each coin (a copy is atomic retains and releases, which wait for
                // the readings' writes before them), nor put in an optional destroyed each time.
                if !overrides.isEmpty, let override = overrides[coinKeys.pointee.symbol] {
                    let own = ownKinds(override, alerts: poll)
                    take(own.up, own.down, own.kinds)
                } else {
                    take(defaultUp, defaultDown, defaultKinds)
                }
            }
        }
    }

    /// A coin's thresholds and kinds at its own levels (`overrides`).
    private func ownKinds(_ override: Levels, alerts: AlertSource) -> (up: Threshold?, down: Threshold?, kinds: (up: ReadingKind, down: ReadingKind)) {
        let (up, down) = override.thresholds
        return (up, down, kinds(override.threshold, up: up, down: down, alerts: alerts))
    }

    /// Each coin's `SYMBOL:up` and `SYMBOL:down`, kept from poll to poll.
    private static let subjectKeys = CoinKeys(rule: id, ":up", ":down")

    /// The two directions' kinds of reading at `threshold`: its level as shown ("+5 %"), and
    /// half of it deeper than last shown rewrites the bubble (−5 % shown, −7.5 % updates).
    private func kinds(_ threshold: Double, up: Threshold?, down: Threshold?, alerts: any PollAlerts) -> (up: ReadingKind, down: ReadingKind) {
        let texts = Self.levelTexts(threshold)
        return (
            ReadingKind(
                policy: policy, level: texts.up, deeperStep: threshold / 2, direction: up?.direction ?? .above, deeperText: Self.percentText,
                alerts: alerts),
            ReadingKind(
                policy: policy, level: texts.down, deeperStep: threshold / 2, direction: down?.direction ?? .above, deeperText: Self.percentText,
                alerts: alerts)
        )
    }

    /// "+5 %" and "−5 %": a level as the notes show it.
    static func levelTexts(_ threshold: Double) -> (up: String, down: String) {
        let number = number(threshold)
        return ("+" + number + " %", "−" + number + " %")
    }

    /// `percent` as a closure made once, for `DeeperMove`.
    static let percentText: @Sendable (Double) -> String = { percent($0) }

    /// A poll's coins and what their alerts say, shared by the poll's readings (`PollAlerts`).
    private final class AlertSource: PollAlerts {
        let rule: CryptoChangeRule
        let tickers: [Ticker]
        let previous: [String: Decimal]
        let locale: Locale

        init(rule: CryptoChangeRule, tickers: [Ticker], previous: [String: Decimal], locale: Locale) {
            self.rule = rule
            self.tickers = tickers
            self.previous = previous
            self.locale = locale
        }

        func alert(_ index: Int, _ emission: AlertStateMachine.Emission) -> Alert? {
            let ticker = tickers[index]
            let change = rule.window.change(of: ticker).map(ExactDecimal.double)
            return rule.alert(
                for: ticker, change: change ?? 0, emission: emission, previous: previous[Ticker.uppercased(ticker.symbol)], locale: locale)
        }
    }

    func alert(for ticker: Ticker, change: Double, emission: AlertStateMachine.Emission, previous: Decimal?, locale: Locale) -> Alert? {
        guard let link = DeepLink.crypto(ticker.symbol) else { return nil }
        let symbol = ticker.symbol.uppercased()
        let moved = "\(symbol) \(Self.percent(change)) in \(window.rawValue)"
        var title: String
        switch emission {
        case .fired, .updated: title = "\(moved) \(change >= 0 ? "▲" : "▼")"
        case .repeated: title = "\(moved), still"
        case .resolved:
            title = "\(symbol) back within ±\(Self.number(overrides[symbol]?.threshold ?? thresholdPercent)) % (\(Self.percent(change)) in \(window.rawValue))"
        }
        if let titleTemplate, emission != .resolved {
            title = titleTemplate.render([
                "symbol": symbol, "name": ticker.name, "change": Self.percent(change), "window": window.rawValue,
                "arrow": change >= 0 ? "▲" : "▼", "price": "$" + Self.price(ticker.priceUSD, locale: locale),
                "threshold": Self.number(overrides[symbol]?.threshold ?? thresholdPercent) + " %",
            ])
        }
        var body = "\(ticker.name): $\(Self.price(ticker.priceUSD, locale: locale))"
        if let previous, previous != ticker.priceUSD {
            body += " (\(ticker.priceUSD > previous ? "↑" : "↓") from $\(Self.price(previous, locale: locale)) at the last poll)"
        }
        body += "\nChange: 1 h \(Self.percent(ticker.change1h)), 24 h \(Self.percent(ticker.change24h)), 7 d \(Self.percent(ticker.change7d))"
        let threshold = overrides[symbol]?.threshold ?? thresholdPercent
        let level = change >= 0 ? "+\(Self.number(threshold)) %" : "−\(Self.number(threshold)) %"
        return Alert(
            rule: Self.id, key: symbol, title: title, body: body, urgency: urgency, category: "x-notifier.crypto",
            deepLink: link, icon: change >= 0 ? "go-up" : "go-down", groupFragment: "\(symbol) \(Self.percent(change))",
            groupNoun: "coins moved", reason: "\(symbol) \(window.rawValue) change \(Self.percent(change)) reached \(level) (\(emission.rawValue))",
            listView: "crypto")
    }

    public static func percent(_ value: Double) -> String {
        percent(value, fromTable: true)
    }

    /// `fromTable`: `commonTexts`, for a poll's thousands; a view or an alert shows a few, fewer
    /// than the table's making is worth.
    private static func percent(_ value: Double, fromTable: Bool) -> String {
        // A poll shows one for each of its thousands of readings: written straight into a small
        // string rather than through three concatenations and an interpolation.
        guard let tenths = tenths(abs(value)) else { return (value >= 0 ? "+" : "−") + number(abs(value)) + " %" }
        let negative = !(value >= 0)
        if fromTable, tenths < commonTexts.count / 2 { return commonTexts[tenths * 2 + (negative ? 1 : 0)] }
        return percentText(tenths: tenths, negative: negative)
    }

    /// `percentText` of every move under 100 %, both signs (tenths × 2, +1 for negative): a poll
    /// shows three a coin, nearly all in this range, and making each anew (its bytes written, then
    /// checked as UTF-8) was about a third of what a reading cost. 2,000 small strings, 32 KiB,
    /// made on first use.
    private static let commonTexts: [String] = (0..<2000).map { percentText(tenths: $0 / 2, negative: $0 % 2 == 1) }

    /// "+6.2 %" or "−6.2 %" from 62 tenths: at most 14 bytes, so a small string (no allocation).
    private static func percentText(tenths: Int, negative: Bool) -> String {
        String(unsafeUninitializedCapacity: 15) { bytes in
            var count = 1
            if negative {
                // "−", U+2212
                (bytes[0], bytes[1], bytes[2]) = (0xE2, 0x88, 0x92)
                count = 3
            } else {
                bytes[0] = UInt8(ascii: "+")
            }
            let digitsStart = count
            var whole = tenths / 10
            repeat {
                bytes[count] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
                count += 1
            } while whole > 0
            bytes[digitsStart..<count].reverse()
            if tenths % 10 != 0 {
                bytes[count] = UInt8(ascii: ".")
                bytes[count + 1] = UInt8(ascii: "0") + UInt8(tenths % 10)
                count += 2
            }
            bytes[count] = UInt8(ascii: " ")
            bytes[count + 1] = UInt8(ascii: "%")
            return count + 2
        }
    }

    /// "+6.2 %", or "n/a" where the feed sent no figure: for views too.
    public static func percent(_ value: Decimal?) -> String {
        value.map { percent(ExactDecimal.double($0), fromTable: false) } ?? "n/a"
    }

    /// "%.1f" without a trailing ".0". A poll formats two values per coin and String(format:)
    /// costs microseconds, so tenths are rounded here directly, except within noise of a tie
    /// (x.x5), where printf's rounding of the exact binary value decides.
    public static func number(_ value: Double) -> String {
        if let tenths = tenths(value) {
            return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
        }
        return String(format: "%.1f", value).replacingOccurrences(of: ".0", with: "")
    }

    /// `value` in tenths, rounded as printf's "%.1f" rounds; `nil` where printf is left to tell
    /// (negative, not below a million, NaN).
    private static func tenths(_ value: Double) -> Int? {
        guard value.sign == .plus, value < 1e6 else { return nil }
        let scaled = value * 10
        // Truncated, which is rounding down for a value this side of zero: `rounded` is a call
        // into libm, and a poll of 10,000 coins makes 30,000 texts.
        let whole = Int(scaled)
        let fraction = scaled - Double(whole)
        // Within noise of a tie (x.x5), the double's exact binary value decides, as in printf:
        // `String(format:)`'s first call would cost a view most of its formatting.
        guard abs(fraction - 0.5) > tieNoise else { return FixedPoint.scaled(value, places: 1) }
        return fraction > 0.5 ? whole + 1 : whole
    }

    /// How near a tie of the tenths `tenths` leaves the rounding to the exact binary value.
    private static let tieNoise = 1e-6

    /// Whether `percent` says the same of every value within `margin` of `value`: clear of a
    /// tie of the tenths and of `tenths`'s noise around one, below where printf is left to tell.
    static func percentTextIsSure(_ value: Double, within margin: Double) -> Bool {
        let scaled = abs(value) * 10
        guard scaled < 1e6 else { return false }
        return abs(scaled - scaled.rounded(.down) - 0.5) > 2 * tieNoise + 20 * margin
    }

    /// Prices exactly as the feed sent them, grouped for the locale: no binary-float rounding.
    public static func price(_ value: Decimal, locale: Locale) -> String {
        value.formatted(.number.locale(locale).precision(.fractionLength(0...12)))
    }
}
