import Foundation
import TestSupport

/// A script a test runs, written so that no other process can hold it open for writing: opened
/// close-on-exec, so a program another test starts meanwhile does not inherit the descriptor
/// (a program open for writing anywhere cannot be started: ETXTBSY).
public enum ExecutableFile {
    public static func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Foundation.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        // An existing file keeps its mode through O_TRUNC.
        guard fchmod(descriptor, 0o755) == 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
    }
}
