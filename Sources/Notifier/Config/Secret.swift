/// A value that must never be shown: an API key. However it is printed (interpolated, logged,
/// dumped, reflected, encoded) it reads `***`; only `revealed`, at the request that sends it,
/// gives the text.
struct Secret: Sendable, Hashable, ExpressibleByStringLiteral {
    let revealed: String

    init(_ revealed: String) { self.revealed = revealed }
    init(stringLiteral value: String) { revealed = value }

    var isEmpty: Bool { revealed.isEmpty }

    static let shown = "***"
}

extension Secret: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable, Encodable {
    var description: String { Self.shown }
    var debugDescription: String { Self.shown }
    /// No children: a mirror of what holds it stops here.
    var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Self.shown)
    }
}
