import Foundation

/// Cuts a byte stream into lines as it arrives, holding at most `maxBytes` of one line: a longer
/// line is dropped as it passes and reported once, with its length, when its end comes. A
/// stream of one 10 MB line costs `maxBytes`, not 10 MB.
public struct LineSplitter: Sendable {
    public enum Piece: Sendable, Equatable {
        /// A complete line, without its `\n` (or `\r\n`); empty lines are not handed on.
        case line(Data)
        /// A line longer than the bound, dropped; `bytes` is how long it was.
        case tooLong(bytes: Int)
    }

    public let maxBytes: Int
    private var buffer = Data()
    /// The length so far of a line being dropped; `nil` while within the bound.
    private var dropping: Int?

    public init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// Bytes of an unfinished line held (or being dropped): what a cut would lose.
    public var pendingBytes: Int { dropping ?? buffer.count }

    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ deliver: (Piece) -> Void) {
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A)
            let segment = UnsafeRawBufferPointer(rebasing: bytes[start..<(end ?? bytes.count)])
            take(segment)
            guard let end else { return }
            finishLine(deliver)
            start = end + 1
        }
    }

    /// What is left when the stream ended cleanly: a last line without its newline.
    public mutating func finish(_ deliver: (Piece) -> Void) {
        if pendingBytes > 0 { finishLine(deliver) }
    }

    private mutating func take(_ segment: UnsafeRawBufferPointer) {
        if let dropped = dropping {
            dropping = dropped + segment.count
        } else if buffer.count + segment.count > maxBytes {
            dropping = buffer.count + segment.count
            buffer = Data()
        } else {
            buffer.append(contentsOf: segment)
        }
    }

    private mutating func finishLine(_ deliver: (Piece) -> Void) {
        if let dropped = dropping {
            dropping = nil
            deliver(.tooLong(bytes: dropped))
            return
        }
        var line = buffer
        buffer = Data()
        if line.last == 0x0D { line.removeLast() }
        if !line.isEmpty { deliver(.line(line)) }
    }
}
