/// A one-pass reader of one JSON shape over a `JSONCursor`. Its own code reads the values it
/// wants; the walk over an array's elements and an object's members, strict as the cursor is
/// (no trailing comma, nothing nested past `JSONCursor.maxDepth`), is this one.
public protocol JSONScanner {
    var cursor: JSONCursor { get set }
}

extension JSONScanner {
    /// An array, each element read by `element`; `nil` if it is not one or an element is refused.
    /// `depth`: how deep the array lies.
    @inlinable public mutating func array<Element>(depth: Int, _ element: (inout Self) -> Element?) -> [Element]? {
        guard depth <= JSONCursor.maxDepth, cursor.take(UInt8(ascii: "[")) else { return nil }
        var elements: [Element] = []
        if cursor.take(UInt8(ascii: "]")) { return elements }
        repeat {
            guard let value = element(&self) else { return nil }
            elements.append(value)
        } while cursor.take(UInt8(ascii: ","))
        return cursor.take(UInt8(ascii: "]")) ? elements : nil
    }

    /// An object whose every member `member` takes: it is handed the key and reads or passes
    /// over the value after it. Whether the whole object was one and every member taken.
    @inlinable public mutating func object(depth: Int, _ member: (inout Self, Range<Int>) -> Bool) -> Bool {
        guard depth <= JSONCursor.maxDepth, cursor.take(UInt8(ascii: "{")) else { return false }
        if cursor.take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = cursor.string(), cursor.take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while cursor.take(UInt8(ascii: ","))
        return cursor.take(UInt8(ascii: "}"))
    }

    /// An object whose members named in `keys` are each read once by `read`, handed the name's
    /// index in `keys`; the others are checked and passed over. The indices seen, a bit each, or
    /// `nil` if it is not such an object (a name twice, a value refused). At most 64 names.
    @inlinable public mutating func members(depth: Int, _ keys: [[UInt8]], _ read: (inout Self, Int) -> Bool) -> UInt64? {
        // A name past the 64th would have no bit: a repeat of it would go unseen.
        assert(keys.count <= 64, "at most 64 names")
        var seen: UInt64 = 0
        let complete = object(depth: depth) { scanner, key in
            guard let index = keys.firstIndex(where: { scanner.cursor.equals(key, $0) }) else {
                return scanner.cursor.skipValue(depth: depth + 1)
            }
            guard seen & 1 << index == 0 else { return false }
            seen |= 1 << index
            return read(&scanner, index)
        }
        return complete ? seen : nil
    }
}
