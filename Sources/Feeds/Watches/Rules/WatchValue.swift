import Foundation
import NotifierEngine

/// One value a watch's selector picked out of a response, as JSON has them. `null` is kept
/// apart from a number so that nothing ever reads it as 0.
public enum WatchValue: Sendable, Equatable, Hashable, Codable {
    case number(Double)
    case text(String)
    case bool(Bool)
    case null
    /// An array or an object, as compact JSON.
    case json(String)

    public var number: Double? { if case .number(let value) = self { value } else { nil } }

    /// Text, or a number as text, for `matches`; `nil` for the other kinds.
    public var matchableText: String? {
        switch self {
        case .text(let text): return text
        case .number: return shown
        default: return nil
        }
    }

    /// What the user reads: 70123, 3.5, v6.1, true, null, [1,2].
    public var shown: String {
        switch self {
        case .number(let value): return Self.format(value)
        case .text(let text): return text
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .json(let text): return text
        }
    }

    /// The value as JSON, for the store: kinds stay apart ("5" the text from 5 the number).
    public var canonicalJSON: String {
        switch self {
        case .number(let value): return Self.format(value)
        case .text(let text):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        case .bool, .null, .json: return shown
        }
    }

    /// A stable 48-bit fingerprint as a Double (exact), for the engine's anchor: what the value
    /// was when last told, for `change`.
    public var fingerprint: Double {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in canonicalJSON.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return Double(hash & 0xFFFF_FFFF_FFFF)
    }

    /// No match, `null`: a selector's "nothing here", never a value.
    public var isNothing: Bool { self == .null }

    static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
