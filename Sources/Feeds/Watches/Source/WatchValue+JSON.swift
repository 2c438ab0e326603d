import Foundation
import NotifierSystem

/// A value as jq writes it and the store keeps it: the selector's output and a stored poll read
/// back, outside the rules (which see only the values).
extension WatchValue {
    /// Reads one compact JSON value (a line of jq's output), without the invisible marks a
    /// source's text may hold: every view, bubble and comparison sees the text a person reads.
    public init?(json line: some StringProtocol) {
        let text = InvisibleMarks.removed(from: line.trimmingCharacters(in: .whitespaces))
        switch text.first {
        case nil: return nil
        case "\"":
            guard let string = try? JSONDecoder().decode(String.self, from: Data(text.utf8)) else { return nil }
            self = .text(InvisibleMarks.removed(from: string))
        case "[", "{": self = .json(text)
        default:
            switch text {
            case "true": self = .bool(true)
            case "false": self = .bool(false)
            case "null": self = .null
            default:
                guard let number = Double(text), number.isFinite else { return nil }
                self = .number(number)
            }
        }
    }
}
