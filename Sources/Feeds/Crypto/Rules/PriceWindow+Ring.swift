import Foundation

extension PriceWindow {
    typealias Point = CryptoMoveRule.PricePoint

    /// Every coin's candidates in one array, each queue a ring of its own (`Ring`), laid out in
    /// the page's order: a poll reads it front to back. With an array of its own for each queue,
    /// somewhere on the heap, a poll of 10,000 coins waited on memory for every one of them.
    struct Pool: Sendable {
        var points: [Point] = []
        /// The slots of rings given up for larger ones, left where they were until `compact`.
        var unused = 0

        /// Whether over a third of it lies unused: time to `compact`. Rings that double as they
        /// grow leave about as many slots unused as they use.
        var isLargelyUnused: Bool { unused > 1024 && unused * 3 > points.count }

        /// Every coin's rings moved, in the coins' order, into a new array without unused slots;
        /// an empty ring gives up its slots.
        mutating func compact(_ coins: inout [Coin]) {
            var fresh = Pool()
            fresh.points.reserveCapacity(points.count - unused)
            for index in coins.indices {
                coins[index].lows.move(from: points, into: &fresh.points)
                coins[index].highs.move(from: points, into: &fresh.points)
            }
            self = fresh
        }

        /// A placeholder for a slot not yet written.
        static let vacant = Point(at: .distantPast, price: 0)
    }

    /// One coin's queue of candidates, oldest first, in `capacity` slots of the pool from
    /// `start`, a power of two, the first at `head`. Its first point and the last one's double are
    /// kept here as well: a poll reads the pool only when the first leaves the window or a price
    /// is too close to the last for doubles to tell their order, and otherwise only writes to it.
    struct Ring: Sendable {
        private var start = 0
        private var capacity = 0
        private var head = 0
        private var count = 0
        private(set) var first: Point?
        private var lastApproximate = Double.nan

        private func slot(_ offset: Int) -> Int { start + ((head + offset) & (capacity - 1)) }

        /// Takes out the points older than `since`.
        mutating func drop(before since: Date, pool: Pool) {
            guard let first, first.at < since else { return }
            repeat {
                head = (head + 1) & (capacity - 1)
                count -= 1
            } while count > 0 && pool.points[slot(0)].at < since
            self.first = count > 0 ? pool.points[slot(0)] : nil
        }

        /// Adds `point`, taking out the later points it outranks: for the lows, those above it; for
        /// the highs, those below. Inlined into the poll's loop: as a call, made twice a coin with
        /// the point passed through memory, a poll of 10,000 coins took about a third longer.
        @inline(__always)
        mutating func add(_ point: Point, lows: Bool, pool: inout Pool) {
            while count > 0, outranksLast(point, lows: lows, pool: pool) {
                count -= 1
                lastApproximate = count > 0 ? pool.points[slot(count - 1)].approximate : .nan
            }
            if count == capacity { grow(&pool) }
            pool.points[slot(count)] = point
            count += 1
            lastApproximate = point.approximate
            if count == 1 { first = point }
        }

        /// `CryptoMoveRule.isLess` of `point` and the last (the other way for the highs), by the
        /// doubles where they tell it.
        @inline(__always)
        private func outranksLast(_ point: Point, lows: Bool, pool: Pool) -> Bool {
            let (left, right) = lows ? (point.approximate, lastApproximate) : (lastApproximate, point.approximate)
            if let less = ExactDecimal.isLess(approximately: left, right) { return less }
            let last = pool.points[slot(count - 1)]
            return lows ? CryptoMoveRule.isLess(point, last) : CryptoMoveRule.isLess(last, point)
        }

        /// Twice the slots, at the end of the pool; the old ones are left unused.
        private mutating func grow(_ pool: inout Pool) {
            let larger = Swift.max(4, capacity * 2)
            let moved = pool.points.count
            for offset in 0..<count { pool.points.append(pool.points[slot(offset)]) }
            pool.points.append(contentsOf: repeatElement(Pool.vacant, count: larger - count))
            pool.unused += capacity
            (start, capacity, head) = (moved, larger, 0)
        }

        /// Its points copied from `old` to the end of `points`, oldest first, in as many slots as it
        /// has (none when empty).
        mutating func move(from old: [Point], into points: inout [Point]) {
            let moved = points.count
            for offset in 0..<count { points.append(old[slot(offset)]) }
            if count == 0 { capacity = 0 }
            points.append(contentsOf: repeatElement(Pool.vacant, count: capacity - count))
            (start, head) = (moved, 0)
        }
    }
}
