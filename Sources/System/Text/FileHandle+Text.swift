import Foundation

extension Data {
    /// `text`'s UTF-8 bytes in one copy. `Data(text.utf8)` first asks the runtime whether a
    /// string's bytes are `ContiguousBytes`: a look-up through every conformance the program
    /// has, a third of a million instructions the first time, 2 % of a short view, for a no.
    package init(utf8Of text: String) {
        var text = text
        self = text.withUTF8 { Data(buffer: $0) }
    }
}

extension FileHandle {
    /// Writes `text` as UTF-8 (`Data(utf8Of:)`).
    package func write(text: String) {
        write(Data(utf8Of: text))
    }
}
