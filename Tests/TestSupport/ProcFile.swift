import Foundation

/// A file of /proc, read to its end. The kernel reports these files as 0 bytes long, and
/// Foundation then reads one 4095-byte chunk and stops: a busy daemon's `maps` (a mapping a
/// thread's stack) is ten times that, and a library mapped late fell beyond the cut.
public enum ProcFile {
    /// The whole file; `nil` when it cannot be opened (the process is gone).
    public static func data(_ path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(buffer, count: count)
        }
        return data
    }

    /// The whole file as text (bytes that are not UTF-8 replaced); `""` when it cannot be read.
    public static func text(_ path: String) -> String {
        data(path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
