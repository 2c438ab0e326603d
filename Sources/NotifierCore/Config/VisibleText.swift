import NotifierEngine

/// Config text shown back in an error message: a key may hold escape sequences or
/// right-to-left marks (written as `\u001B` in a quoted key), which printed raw would drive the
/// terminal or reorder the line. They are shown as TOML escapes instead, so the user sees
/// exactly what to fix.
package enum VisibleText {
    package static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                result +=
                    scalar.value <= 0xFFFF
                    ? "\\u" + hex(scalar.value, digits: 4)
                    : "\\U" + hex(scalar.value, digits: 8)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Controls (C0, DEL, C1), and format characters (bidi marks and overrides, zero-width ones).
    package static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
