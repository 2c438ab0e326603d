import Foundation

/// A `DecodingError` as one short line for a feed's error ("missing 'daily.time'"): every
/// feed's decoder says what it could not read the same way.
public enum DecodingProblem {
    public static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.debugDescription
        case DecodingError.keyNotFound(let key, let context):
            return "missing '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'"
        case DecodingError.typeMismatch(let type, let context), DecodingError.valueNotFound(let type, let context):
            return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' is not \(type)"
        default:
            return "\(error)"
        }
    }
}
