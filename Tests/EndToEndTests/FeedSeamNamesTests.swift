import Foundation
import Testing

/// Outside a feed's folders, no file of Sources/ names a type a feed declares, but for the
/// registry's list: `scripts/seam-check` finds none.
@Suite struct FeedSeamNamesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func noSharedFileNamesAFeedsType() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["scripts/seam-check"]
        process.currentDirectoryURL = Self.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.isEmpty, "files outside a feed's folders name its types:\n\(text)")
    }
}
