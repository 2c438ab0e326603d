import Foundation
import NotifierEngine

/// One poll's crypto rules, in the order the feed has always evaluated them (crypto_change,
/// crypto_cross, crypto_move), handed to the engine's step: the daemon, `--once`, `--dry-run`,
/// `notifier test` and the bench step a poll through this one function. crypto_change and
/// crypto_move hand each reading over as they make it; crypto_cross's few come as an array.
public struct CryptoPoll: Sendable {
    public var tickers: [Ticker]
    public var now: Date
    public var locale: Locale
    public var change: CryptoChangeRule?
    /// The last poll's prices, for crypto_change's trend arrow.
    public var previous: [String: Decimal] = [:]
    public var cross: [SubjectReading] = []
    /// crypto_move and each ticker's low and high within its window (`PriceWindow`).
    public var move: (rule: CryptoMoveRule, extremes: [PriceWindow.Extremes])?
    /// Whether `step` returns crypto_change's subjects beyond their levels (a dry run's note).
    public var notesBeyondFire = false

    public init(tickers: [Ticker], now: Date, locale: Locale) {
        self.tickers = tickers
        self.now = now
        self.locale = locale
    }

    /// The rules that hand the engine readings this poll.
    public var rules: Set<String> {
        var rules: Set<String> = []
        if change != nil, !tickers.isEmpty { rules.insert(CryptoChangeRule.id) }
        if !cross.isEmpty { rules.insert(PriceCrossingRule.id) }
        if move != nil, !tickers.isEmpty { rules.insert(CryptoMoveRule.id) }
        return rules
    }

    /// About how many readings the poll hands over: two a coin for each per-coin rule.
    public var expectedReadings: Int {
        tickers.count * 2 * ((change == nil ? 0 : 1) + (move == nil ? 0 : 1)) + cross.count
    }

    /// Steps the poll's readings; returns crypto_change's subjects beyond their levels as the
    /// dry run notes them ("BTC:up +6.2 %") if `notesBeyondFire`, else nothing.
    public func step(into step: inout PollStep) -> [String] {
        var noted: [String] = []
        if let change, notesBeyondFire {
            var beyond = BeyondFire(base: consume step)
            change.emit(tickers, previous: previous, locale: locale, into: &beyond)
            noted = beyond.noted
            step = beyond.base
        } else if let change {
            // Straight to the step: the noting sink costs a poll of 10,000 coins about 1 ms.
            change.emit(tickers, previous: previous, locale: locale, into: &step)
        }
        step.take(cross)
        if let (rule, extremes) = move { rule.emit(tickers, extremes: extremes, now: now, locale: locale, into: &step) }
        return noted
    }

    /// A sink that passes every reading on, noting those beyond their fire level.
    private struct BeyondFire<Base: ReadingSink>: ReadingSink {
        var base: Base
        var noted: [String] = []

        mutating func take(
            key: SubjectKey, signal: Threshold.Signal?, shownValue: String, kind: ReadingKind, deeperValue: Double?, deeperMargin: Double,
            place: Int
        ) {
            if signal == .beyondFire { noted.append("\(key.subject) \(shownValue)") }
            base.take(key: key, signal: signal, shownValue: shownValue, kind: kind, deeperValue: deeperValue, deeperMargin: deeperMargin, place: place)
        }
    }
}
