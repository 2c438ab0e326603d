/// Characters that show nothing yet change what a person reads: bidi controls reorder a line
/// (`invoice \u{202E}fdp.exe` reads as "invoice exe.pdf"), zero-width ones hide a difference
/// between two names. Feed, calendar and watch text loses them before anyone reads it.
/// The zero-width joiner and non-joiner stay: emoji sequences and several scripts need them.
public enum InvisibleMarks {
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true // bidi marks, embeddings, overrides, isolates
        case 0x180E, 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0xFEFF: return true // zero-width and invisible operators
        default: return false
        }
    }

    /// The text without them.
    public static func removed(from text: String) -> String {
        guard text.unicodeScalars.contains(where: contains) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !contains($0) }))
    }
}
