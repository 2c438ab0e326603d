import Foundation
import NotifierEngine
import NotifierSystem

/// Reads a config file as text, or says in plain words why it cannot: a FIFO, a directory, a
/// symbolic-link loop, bytes that are not UTF-8. Foundation's own messages here were wrong
/// ("You don't have permission" for a FIFO) or opaque ("NSCocoaErrorDomain error 256").
package enum ConfigFileReader {
    /// No hand-written config comes near this; a larger file is a mistake, not a config.
    package static let maxBytes = 1 << 20

    /// Whether anything sits at `path`, even a dangling link or a link loop: the default path
    /// is skipped only when it is truly absent, never because it cannot be read.
    package static func somethingExists(at path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    package static func read(_ path: String) throws(ConfigError) -> String {
        // The path as typed, bounded: a 10 KB --config is not echoed whole.
        func failure(_ message: String) -> ConfigError { ConfigError(file: TextSanitizer.echoed(path, limit: 200), line: nil, message: message) }
        // Non-blocking, so that opening a FIFO with no writer returns at once.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(openFailure(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure("cannot read the config file: \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw failure("is \(kind(info.st_mode)), not a regular file: point --config (or $XDG_CONFIG_HOME/notifier/config.toml) at a TOML file")
        }
        guard Int(info.st_size) <= maxBytes else {
            throw failure("is \(Int(info.st_size) / 1024) KiB; a config file is at most \(maxBytes / 1024) KiB: is this the right file?")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw failure("cannot read the config file: \(String(cString: strerror(errno)))") }
            if got == 0 { break }
            count += got
        }
        let data = bytes.prefix(count)
        guard let text = String(validating: data, as: UTF8.self) else {
            let line = notUTF8Line(Array(data))
            throw ConfigError(file: path, line: line, message: "is not UTF-8 text (a TOML file must be): is this the right file?")
        }
        return text
    }

    private static func openFailure(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file: fix the path, or start one with `notifier config default > FILE`"
        case ELOOP: return "is a loop of symbolic links: point it at a real file"
        case EACCES: return "cannot be read: permission denied (chmod 600 it, as its owner)"
        case ENOTDIR: return "no such file: a part of the path is not a directory"
        default: return "cannot read the config file: \(String(cString: strerror(code)))"
        }
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "a special file"
        }
    }

    /// The line of the first byte sequence that is not UTF-8.
    private static func notUTF8Line(_ bytes: [UInt8]) -> Int {
        var lineStart = 0
        var line = 1
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            if String(validating: bytes[lineStart..<index], as: UTF8.self) == nil { return line }
            line += 1
            lineStart = index + 1
        }
        return line
    }
}
