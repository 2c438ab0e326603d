import Foundation

extension CryptoMoveRule {
    /// The first lowest and the first highest positive price within the window, as `min(by:)` and
    /// `max(by:)` pick them.
    static func extremes(_ points: [PricePoint], since: Date, now: Date) -> (low: PricePoint?, high: PricePoint?) {
        var low = -1
        var high = -1
        // The low's and high's doubles, with the margin within which a double may not tell two
        // prices' order: a price clearly between them, most of a window's, is passed over with
        // two comparisons of doubles.
        var (above, below) = (Double.infinity, -Double.infinity)
        // Their doubles as they are: NaN, which equals nothing, until there is a low and a high.
        var (lowValue, highValue) = (Double.nan, Double.nan)
        points.withUnsafeBufferPointer { points in
            for index in points.indices {
                // Two fields read of each point, not the whole point copied.
                let at = points[index].at
                guard at >= since, at <= now else { continue }
                let value = points[index].approximate
                if value > above, value < below { continue }
                // The low or the high stored again unchanged, common in a quiet market: compared
                // where they lie, as a copy would be read back while still being written.
                if value == lowValue, samePrice(points, index, low) { continue }
                if value == highValue, samePrice(points, index, high) { continue }
                let point = points[index]
                // `ExactDecimal.isPositive`, by the double where it is plainly positive.
                guard value > 0 || ExactDecimal.isPositive(point.price) else { continue }
                guard low >= 0 else {
                    (low, high) = (index, index)
                    (lowValue, highValue) = (value, value)
                    (above, below) = margins(value, value)
                    continue
                }
                // Below the low, it cannot be above the high (never below the low): one comparison.
                if isLess(point, points[low]) {
                    low = index
                    lowValue = value
                } else if isLess(points[high], point) {
                    high = index
                    highValue = value
                } else {
                    continue
                }
                (above, below) = margins(lowValue, highValue)
            }
        }
        return (low >= 0 ? points[low] : nil, high >= 0 ? points[high] : nil)
    }

    /// Whether the prices at `lhs` and `rhs` have the same bytes, compared where they lie.
    static func samePrice(_ points: UnsafeBufferPointer<PricePoint>, _ lhs: Int, _ rhs: Int) -> Bool {
        let offset = MemoryLayout<PricePoint>.offset(of: \PricePoint.price)!
        return ExactDecimal.isIdentical(UnsafeRawPointer(points.baseAddress! + lhs) + offset, UnsafeRawPointer(points.baseAddress! + rhs) + offset)
    }

    /// Doubles above `low` and below `high` by more than `isLess`'s margin (1e-12, relative, with
    /// room for the product's rounding): a price between the two is neither the new low nor the
    /// new high. Non-finite ends leave no such room.
    static func margins(_ low: Double, _ high: Double) -> (above: Double, below: Double) {
        guard low.isFinite, high.isFinite, low > 0 else { return (.infinity, -.infinity) }
        return (low + 2e-12 * low, high - 2e-12 * high)
    }

    /// `ExactDecimal.isLess` of two prices: their doubles, where they are further apart than the
    /// conversion's error (as `isLess` tells them), else the decimals.
    static func isLess(_ lhs: PricePoint, _ rhs: PricePoint) -> Bool {
        let (left, right) = (lhs.approximate, rhs.approximate)
        if let less = ExactDecimal.isLess(approximately: left, right) { return less }
        // A price stored again unchanged: the same bits, so not less.
        if left == right, ExactDecimal.isIdentical(lhs.price, rhs.price) { return false }
        return ExactDecimal.isLess(lhs.price, rhs.price)
    }
}
