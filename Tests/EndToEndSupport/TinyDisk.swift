import Foundation
import TestSupport

/// A 1 MiB tmpfs, and a file that takes all its free space.
public struct TinyDisk {
    public let mountPoint: URL

    public static let canMount: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-mount-probe-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]) else { return false }
        return run("/bin/umount", [probe.path])
    }()

    public init(at mountPoint: URL) throws {
        self.mountPoint = mountPoint
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint.path]) else {
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    public var filler: URL { mountPoint.appendingPathComponent("filler") }

    public func fill() throws {
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil) // FileHandle below fails if it could not
        let handle = try FileHandle(forWritingTo: filler)
        defer { try? handle.close() }
        for size in [65536, 4096, 512, 1] {
            while (try? handle.write(contentsOf: Data(count: size))) != nil {}
        }
    }

    public func free() { try? FileManager.default.removeItem(at: filler) }

    public func unmount() { _ = Self.run("/bin/umount", ["-l", mountPoint.path]) }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        guard let process = try? ChildProcess(tool, arguments) else { return false }
        return process.wait(timeout: 30) == 0
    }
}
