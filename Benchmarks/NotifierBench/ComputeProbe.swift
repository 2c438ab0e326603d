/// A fixed piece of arithmetic timed between a figure's runs, to tell in the same run how fast
/// the machine was just then. On this machine's class (2 vCPUs of a shared host) code that keeps
/// the core's execution units busy, as the engine's poll does, takes up to twice as long for
/// seconds at a time while the host is busy; a loop of dependent multiplications or a walk of
/// memory barely changes (docs/performance.md). This loop is of the first kind: four independent
/// sums over a table that fits the L1 cache.
struct ComputeProbe {
    private var table: [UInt64]
    private var samples: [Duration] = []
    /// The loop's sums, read by the caller so that the compiler keeps the loop.
    private(set) var checksum: UInt64 = 0

    init() {
        table = (0..<2048).map { UInt64($0) &* 7 &+ 1 }
    }

    /// Times one pass of the loop: about 1.3 ms on a quiet machine of this class.
    mutating func sample() {
        let clock = ContinuousClock()
        var sums: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let elapsed = clock.measure {
            table.withUnsafeBufferPointer { table in
                for round in UInt64(0)..<1700 {
                    var index = 0
                    while index < table.count {
                        sums.0 &+= table[index] ^ round
                        sums.1 &+= table[index + 1] &+ round
                        sums.2 ^= table[index + 2] &* 3
                        sums.3 &+= table[index + 3] >> 1
                        index += 4
                    }
                }
            }
        }
        checksum ^= sums.0 ^ sums.1 ^ sums.2 ^ sums.3
        samples.append(elapsed)
    }

    /// The median of the passes timed so far.
    var median: Duration? { samples.isEmpty ? nil : samples.sorted()[samples.count / 2] }
}
