import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// A few lines on the very first run, printed to standard error only when it is a terminal:
/// `--output json` keeps a clean standard output, and a service's journal gets nothing. Shown
/// once: a marker in the state directory remembers it.
package struct Welcome {
    package let paths: XDGPaths
    package let environment: [String: String]
    /// The config file in use; `nil` for the built-in defaults.
    package let configFile: String?

    package var markerPath: String { paths.stateHome + "/notifier/welcomed" }

    /// No store and no marker: nothing has run here yet.
    package static func isDue(storeExists: Bool, markerExists: Bool, toTerminal: Bool) -> Bool {
        toTerminal && !storeExists && !markerExists
    }

    package var text: String {
        let defaultPath = ConfigLoader.defaultPath(environment: environment)
        let home = paths.configHome
        var lines = ["Welcome to notifier."]
        if let configFile {
            lines.append("  Config: \(configFile) (`notifier config check` shows what is in effect).")
        } else {
            lines.append("  Config: none yet, so the built-in defaults. To make one at \(defaultPath):")
            lines.append("    mkdir -p \(home)/notifier && notifier config default > \(defaultPath)")
        }
        lines.append("  Clicks: a click on a notification opens its detail view in a terminal, such as")
        lines.append("    `notifier open country KZ`; the daemon (`notifier`) serves the clicks, and `notifier --once`")
        lines.append("    hands its notifications to a running daemon.")
        lines.append("  For notifier:// links and a daemon that starts at login: notifier install")
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// Prints the welcome if it is due and records that it was shown.
    package func showIfDue() {
        let files = FileManager.default
        guard
            Self.isDue(
                storeExists: files.fileExists(atPath: paths.storePath), markerExists: files.fileExists(atPath: markerPath),
                toTerminal: isatty(STDERR_FILENO) == 1)
        else { return }
        FileHandle.standardError.write(text: text)
        try? files.createDirectory(atPath: (markerPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // A marker that cannot be written only means the welcome shows again next time.
        _ = files.createFile(atPath: markerPath, contents: Data())
    }

    package init(paths: XDGPaths, environment: [String: String], configFile: String?) {
        self.paths = paths
        self.environment = environment
        self.configFile = configFile
    }
}
