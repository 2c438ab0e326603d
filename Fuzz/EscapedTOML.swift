/// Turns fuzz bytes into a config whose keys and strings are made of escapes: a byte-level
/// mutator rarely writes a well-formed `\u0000`, and toml++'s C-string hand-over of keys and
/// strings is exactly what escapes reach (`"a\u0000b" = 1` trapped the program).
enum EscapedTOML {
    /// Keys and a string built from the bytes, placed at the top level, in a known table, in a
    /// table header and in an inline table.
    static func document(from data: [UInt8]) -> String {
        let middle = data.count / 2
        let key = quoted(data[..<middle])
        let value = quoted(data[middle...])
        return """
            \(key) = \(value)
            [feeds.crypto]
            \(key) = 1
            symbols = [\(value)]
            [rules.\(key)]
            overrides = { \(key) = { percent = 1 } }
            """
    }

    /// A basic string: each byte, or byte pair above 0x7F, as `\uXXXX`, `\UXXXXXXXX`, a short
    /// escape or itself, chosen by the byte's low bits.
    static func quoted(_ bytes: ArraySlice<UInt8>) -> String {
        var text = "\""
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            switch byte & 0x3 {
            case 0: text += "\\u" + hex(UInt32(byte & 0x7F), 4)
            case 1 where index < bytes.endIndex:
                text += "\\u" + hex(UInt32(byte) << 8 | UInt32(bytes[index]), 4)
                index += 1
            case 2: text += "\\U" + hex(UInt32(byte) << 12, 8)
            default:
                let short = ["\\n", "\\t", "\\\\", "\\\"", "\\b", "\\f", "\\r", "\\e"]
                text += byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C ? String(UnicodeScalar(byte)) : short[Int(byte >> 5)]
            }
        }
        return text + "\""
    }

    private static func hex(_ value: UInt32, _ digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
