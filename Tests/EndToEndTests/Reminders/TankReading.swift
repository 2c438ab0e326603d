import Foundation

/// The watch "tank" of the acknowledgement tests: its reading is a file its command `cat`s
/// (`{"level": N}`), and it fires above 5.
struct TankReading {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-tank-\(UUID().uuidString).json")

    /// The `[[watches]]` entry, with `keys` added (`acknowledge`, `escalate`, `channels`).
    func watch(_ keys: String) -> String {
        """
        [[watches]]
        name = "tank"
        command = ["cat", "\(file.path)"]
        select = ".level"
        above = 5
        \(keys)
        """
    }

    func set(_ level: Int) throws { try "{\"level\": \(level)}".write(to: file, atomically: true, encoding: .utf8) }

    func remove() { try? FileManager.default.removeItem(at: file) }
}
