import Foundation
import NotifierSystem
import TestSupport
import Testing

/// A thread that waits idle hands back the stack its deepest call touched, and what it computes
/// afterwards, in frames as deep, is still right.
@Suite struct IdleStackTests {
    @Test func anIdleThreadHandsBackWhatItsDeepestCallTouched() async {
        let (before, after, first, second) = await withCheckedContinuation { continuation in
            Thread {
                let stack = IdleStack()
                let first = deepSum(levels: 128)
                let before = Self.stackAnonymousKiB()
                stack.releaseBelowCaller()
                let after = Self.stackAnonymousKiB()
                continuation.resume(returning: (before, after, first, deepSum(levels: 128)))
            }.start()
        }
        // 128 frames of 4 KiB each: at least half a MiB touched, then a few pages at the top.
        #expect(before >= 512, "\(before) KiB before")
        #expect(after <= 32, "\(after) KiB after")
        #expect(first == Self.expectedSum(levels: 128))
        #expect(second == first)
    }

    /// The anonymous memory of the calling thread's stack mapping (`/proc/self/smaps`).
    static func stackAnonymousKiB() -> Int {
        var marker = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        var inStack = false
        for line in ProcFile.text("/proc/self/smaps").split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), fields.count >= 5 {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inStack = bounds.count == 2 && bounds[0] <= here && here < bounds[1]
            } else if inStack, fields.first == "Anonymous:", fields.count >= 2 {
                return Int(fields[1]) ?? -1
            }
        }
        return -1
    }

    static func expectedSum(levels: Int) -> Int {
        (1...levels).reduce(0) { $0 + $1 * 4096 }
    }
}

/// The sum over `levels` frames of each frame's 4 KiB filled with its level: every page of the
/// frames written, and read back.
@inline(never)
private func deepSum(levels: Int) -> Int {
    guard levels > 0 else { return 0 }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
        buffer.initialize(repeating: UInt8(truncatingIfNeeded: levels))
        let own = buffer.reduce(0) { $0 + Int($1) }
        return own + deepSum(levels: levels - 1)
    }
}
