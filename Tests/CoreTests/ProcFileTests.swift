import Foundation
import TestSupport
import Testing

/// /proc's files say they are empty; Foundation then reads one 4095-byte chunk of them.
@Suite struct ProcFileTests {
    @Test func aProcessMapIsReadToItsEnd() throws {
        let whole = ProcFile.text("/proc/self/maps")
        // The stack comes after every library; this process maps far more than 4 KiB of lines.
        #expect(whole.utf8.count > 4095)
        #expect(whole.contains("[stack]") && whole.hasSuffix("\n"), "\(whole.suffix(300))")
        #expect(whole.split(separator: "\n").allSatisfy { $0.split(separator: " ").count >= 5 })
    }

    @Test func aMissingProcessIsNothing() {
        #expect(ProcFile.data("/proc/999999999/maps") == nil)
        #expect(ProcFile.text("/proc/999999999/maps").isEmpty)
    }
}
