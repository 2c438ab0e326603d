import NotifierEngine

/// A value that must never be shown: an API key. However it is printed (interpolated, logged,
/// dumped, reflected, encoded) it reads `***`; only `revealed`, at the request that sends it,
/// gives the text.
package struct Secret: Sendable, Hashable, ExpressibleByStringLiteral {
    package let revealed: String

    package init(_ revealed: String) { self.revealed = revealed }
    package init(stringLiteral value: String) { revealed = value }

    package var isEmpty: Bool { revealed.isEmpty }

    package static let shown = "***"
}

extension Secret: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable, Encodable {
    package var description: String { Self.shown }
    package var debugDescription: String { Self.shown }
    /// No children: a mirror of what holds it stops here.
    package var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Self.shown)
    }
}
