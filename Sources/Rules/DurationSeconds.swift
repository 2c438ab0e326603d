import Foundation

/// Conversions between `Duration` and plain seconds that never trap: the engine does its time
/// arithmetic on `Date`, and config or JSON may hold any number.
extension Duration {
    /// The largest span the engine works with: about 31,000 years. Far beyond any useful
    /// setting, yet small enough that milliseconds and `Date` arithmetic stay exact and finite.
    static let engineCeilingSeconds: Double = 1e12

    /// Seconds as a `Double`, negative spans included.
    var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// The span as seconds, with negative spans counted as none.
    var nonNegativeSeconds: Double { Swift.max(0, secondsValue) }

    /// A duration from seconds that may be NaN, infinite, negative or huge: NaN and negatives
    /// become zero, and everything is capped at `engineCeilingSeconds`.
    static func clampedSeconds(_ seconds: Double) -> Duration {
        // NaN compares false, so it lands here with the negatives.
        guard seconds > 0 else { return .zero }
        let capped = Swift.min(seconds, engineCeilingSeconds)
        return .milliseconds(Int64((capped * 1000).rounded()))
    }
}

/// Short spans for people: "45s", "2m 5s", "1h 3m", "3d 4h".
enum SpanText {
    static func short(seconds: Double) -> String {
        guard seconds.isFinite else { return "?" }
        let total = Int64(Swift.min(Swift.max(0, seconds), Duration.engineCeilingSeconds).rounded(.down))
        let days = total / 86_400
        let hours = total % 86_400 / 3600
        let minutes = total % 3600 / 60
        let rest = total % 60
        if days > 0 { return hours > 0 ? "\(days)d \(hours)h" : "\(days)d" }
        if hours > 0 { return minutes > 0 ? "\(hours)h \(minutes)m" : "\(hours)h" }
        if minutes > 0 { return rest > 0 ? "\(minutes)m \(rest)s" : "\(minutes)m" }
        return "\(rest)s"
    }
}
