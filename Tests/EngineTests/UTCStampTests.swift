import Foundation
import NotifierEngine
import Testing

/// `UTCStamp` writes what Foundation's ISO 8601 style writes, character for character.
@Suite struct UTCStampTests {
    @Test func writesWhatTheISO8601StyleWrites() {
        var generator = SeededGenerator(seed: 31)
        var seconds: [Double] = [
            0, -1, 1, -0.5, 0.999, 86399.999, 86400, -86400, -86400.5, 951_782_400, 978_307_199.9, 1_796_067_880, -12_219_292_800, -12_219_292_800.5,
            253_402_300_799.5,
        ]
        for _ in 0..<20_000 { seconds.append(Double.random(in: -62_135_596_800..<253_402_300_800, using: &generator)) }
        for _ in 0..<20_000 { seconds.append(Double(Int.random(in: 1_600_000_000_000...1_900_000_000_000, using: &generator)) / 1000) }
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            #expect(UTCStamp.text(date) == date.formatted(.iso8601), "\(value)")
        }
        // Beyond the years it writes itself, the style's own text.
        for value in [-12_219_292_801.0, -62_135_596_801, 253_402_300_800, 1e15, -1e15, .nan, .infinity] {
            let date = Date(timeIntervalSince1970: value)
            #expect(UTCStamp.text(date) == date.formatted(.iso8601), "\(value)")
        }
    }
}
