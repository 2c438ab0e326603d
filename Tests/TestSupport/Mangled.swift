import Foundation
import NotifierEngine

/// A body damaged as a broken or hostile server might send it: a few bytes replaced by `junk`,
/// dropped or inserted, at random places of a seeded generator.
public enum Mangled {
    public static func bytes(
        _ sample: [UInt8], edits: ClosedRange<Int> = 1...3, junk: [UInt8], using generator: inout SeededGenerator
    ) -> [UInt8] {
        var bytes = sample
        for _ in 0..<Int.random(in: edits, using: &generator) {
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: bytes[at] = junk.randomElement(using: &generator)!
            case 1: bytes.remove(at: at)
            default: bytes.insert(junk.randomElement(using: &generator)!, at: at)
            }
        }
        return bytes
    }
}

extension Mangled {
    /// `count` mangled copies of `sample`, in the generator's order; every `cutEvery`th also cut
    /// short at a random length, as a connection dropped midway leaves a body.
    public static func copies(
        of sample: [UInt8], count: Int, cutEvery: Int, junk: [UInt8], using generator: inout SeededGenerator
    ) -> [Data] {
        (0..<count).map { round in
            var bytes = Mangled.bytes(sample, junk: junk, using: &generator)
            if round % cutEvery == 0 { bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator))) }
            return Data(bytes)
        }
    }
}
