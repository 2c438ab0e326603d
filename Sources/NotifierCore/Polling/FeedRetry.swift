import Foundation
import NotifierEngine

extension FeedError {
    package var retryAfterSeconds: Int? {
        if case .httpStatus(_, _, let seconds?) = self { return seconds }
        return nil
    }
}

extension SeededGenerator {
    /// Backoff jitter, seeded from the system. Not `SystemRandomNumberGenerator` itself: passed
    /// `inout` to a generic function, that fieldless struct crashes ThreadSanitizer's runtime
    /// (swiftlang/swift#35579 covers only types known to be empty where they are compiled).
    package static func jitter() -> SeededGenerator {
        SeededGenerator(seed: UInt64.random(in: .min ... .max))
    }
}
