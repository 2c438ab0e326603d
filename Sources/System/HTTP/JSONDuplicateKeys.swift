import Foundation

/// Finds an object that holds the same key twice. RFC 8259 leaves such a document's meaning
/// open, and Foundation silently keeps one of the values (the first for a `Decodable` struct,
/// the last for a dictionary): a `price_usd` sent twice would be believed either way. A feed's
/// answer with one is refused as a bad response instead.
///
/// One pass over the bytes, no parse tree: a stack with the keys seen in each open object.
/// Keys compare as Swift strings, as the decoders' dictionaries compare them (escapes decoded,
/// canonically equivalent spellings equal). Text that is not JSON is left to the decoder.
public enum JSONDuplicateKeys {
    public static func first(in data: Data) -> String? {
        data.withUnsafeBytes { first(in: $0.bindMemory(to: UInt8.self)) }
    }

    static func first(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // nil for an array, else the keys of the object so far.
        var open: [Set<String>?] = []
        var expectingKey = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                open.append([])
                expectingKey = true
            case UInt8(ascii: "["):
                open.append(nil)
                expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = open.popLast()
                expectingKey = false
            case UInt8(ascii: ","):
                expectingKey = open.last.map { $0 != nil } ?? false
            case UInt8(ascii: "\""):
                let start = index
                var escaped = false
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") {
                        escaped = true
                        index += 1
                    }
                    index += 1
                }
                guard index < bytes.count else { return nil }
                if expectingKey, let last = open.indices.last, open[last] != nil {
                    let raw = UnsafeBufferPointer(rebasing: bytes[start...index])
                    let key =
                        escaped
                        ? (try? JSONDecoder().decode(String.self, from: Data(raw))) ?? String(decoding: raw, as: UTF8.self)
                        : String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
                    // In place: a copy of the set per key would make large objects quadratic.
                    guard open[last]?.insert(key).inserted == true else { return key }
                    expectingKey = false
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
