import Foundation

/// A list a file of the repository keeps by hand (`[a, b, c]` on one line), read to check it
/// against what the code registers.
public enum ListedInFile {
    /// The comma-separated items between the first `[` and `]` of the first line holding `marker`;
    /// `nil` when no line does.
    public static func items(_ path: String, onTheLineWith marker: String) throws -> [String]? {
        let text = try String(contentsOf: Samples.packageRoot.appendingPathComponent(path), encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.contains(marker) }),
            let inside = line.split(separator: "[").dropFirst().first?.split(separator: "]").first
        else { return nil }
        return inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
