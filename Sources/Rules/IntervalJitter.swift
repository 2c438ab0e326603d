/// A poll's rest spread around its interval, so that sources polled at one interval drift apart
/// rather than ask in step forever: within ±`fraction` of it, from one draw of `random` (a
/// seeded generator under test, so a schedule can be replayed).
public enum IntervalJitter {
    public static let watchFraction = 0.1

    public static func spread(_ interval: Duration, by fraction: Double, random: inout some RandomNumberGenerator) -> Duration {
        let (seconds, attoseconds) = interval.components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow, milliseconds.partialValue >= 0, fraction > 0 else { return interval }
        let total = milliseconds.partialValue + attoseconds / 1_000_000_000_000_000
        let span = Int64((Double(total) * min(fraction, 1)).rounded(.down))
        guard span > 0 else { return interval }
        // One draw in 0...2·span, always finishing whatever the generator returns.
        let draw = Int64(random.next().multipliedFullWidth(by: UInt64(2 * span) + 1).high)
        return .milliseconds(total - span + draw)
    }
}
