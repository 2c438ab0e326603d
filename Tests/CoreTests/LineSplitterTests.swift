import Foundation
import NotifierCore
import NotifierSystem
import Testing

/// Lines cut from a stream as it arrives, with a bound on what one line may hold.
@Suite struct LineSplitterTests {
    func split(_ chunks: [String], max: Int = 16, finish: Bool = false) -> ([LineSplitter.Piece], pending: Int) {
        var splitter = LineSplitter(maxBytes: max)
        var pieces: [LineSplitter.Piece] = []
        for chunk in chunks { Array(chunk.utf8).withUnsafeBytes { splitter.feed($0) { pieces.append($0) } } }
        if finish { splitter.finish { pieces.append($0) } }
        return (pieces, splitter.pendingBytes)
    }

    @Test func linesAcrossChunks() {
        let (pieces, pending) = split(["ab", "c\nde\r\n\n", "f"])
        #expect(pieces == [.line(Data("abc".utf8)), .line(Data("de".utf8))])
        #expect(pending == 1, "a cut line is held, not handed on")
    }

    @Test func aCleanEndHandsOnTheLastLine() {
        #expect(split(["ab\ncd"], finish: true).0 == [.line(Data("ab".utf8)), .line(Data("cd".utf8))])
    }

    @Test func aLongLineIsDroppedAsItPassesAndReportedOnce() {
        let long = String(repeating: "x", count: 40)
        let (pieces, _) = split(["ok\n", String(long.prefix(10)), String(long.dropFirst(10)) + "\nafter\n"])
        #expect(pieces == [.line(Data("ok".utf8)), .tooLong(bytes: 40), .line(Data("after".utf8))])
    }

    @Test func tenMegabytesCostTheBoundOnly() {
        var splitter = LineSplitter(maxBytes: 64 << 10)
        let chunk = [UInt8](repeating: 0x61, count: 16 << 10)
        var pieces: [LineSplitter.Piece] = []
        for _ in 0..<640 {
            chunk.withUnsafeBytes { splitter.feed($0) { pieces.append($0) } }
        }
        Array("\n".utf8).withUnsafeBytes { splitter.feed($0) { pieces.append($0) } }
        #expect(pieces == [.tooLong(bytes: 10 << 20)])
    }
}
