import Foundation

/// A message with named fields, `"{symbol} {change} in {window}"`. Values are inserted as text,
/// once: a value that itself contains braces is never expanded again.
public struct MessageTemplate: Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case text(String)
        case field(String)
    }

    let parts: [Part]

    public init(_ text: String) {
        var parts: [Part] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            parts.append(.field(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        self.parts = parts
    }

    /// The field names it uses, in order.
    public var fields: [String] {
        parts.compactMap { if case .field(let name) = $0 { name } else { nil } }
    }

    public func render(_ values: [String: String]) -> String {
        parts.map { part in
            switch part {
            case .text(let text): return text
            case .field(let name): return values[name] ?? "{\(name)}"
            }
        }.joined()
    }
}
