import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

package enum InstallError: Error, CustomStringConvertible, Equatable {
    case unsafeExecutablePath(String)
    case notOurs(String)
    case enabled(String)
    case io(String)

    package var description: String {
        switch self {
        case .unsafeExecutablePath(let path):
            return "cannot install from '\(TextSanitizer.singleLine(path))': the program's path must be absolute and printable"
        case .notOurs(let path):
            return "\(path) exists and was not written by `notifier install`; move it away first"
        case .enabled(let link):
            return "notifier.service is enabled (\(link)); run `systemctl --user disable --now notifier` first"
        case .io(let reason):
            return reason
        }
    }
}

/// What `notifier install` writes: a handler for notifier:// links and a systemd user unit for
/// the daemon. Pure: the files and their text; the commands do the writing.
package struct Installation: Sendable, Equatable {
    package struct File: Sendable, Equatable {
        package var path: String
        package var contents: String
    }

    /// The first line of every file install writes: uninstall removes only files that start
    /// with it, so a hand-written notifier.desktop is never deleted.
    package static let marker = "# Written by `notifier install`; `notifier uninstall` removes it."
    package static let desktopFileName = "notifier.desktop"
    package static let unitName = "notifier.service"
    package static let mimeType = "x-scheme-handler/notifier"
    package static let enableCommand = "systemctl --user enable --now notifier"

    package let desktopFile: File
    package let unitFile: File
    package var files: [File] { [desktopFile, unitFile] }

    package var applicationsDirectory: String { (desktopFile.path as NSString).deletingLastPathComponent }
    package var unitDirectory: String { (unitFile.path as NSString).deletingLastPathComponent }

    /// `executable` is the running binary's absolute path, so the handler and the unit run
    /// this very program wherever it was installed.
    package init(executable: String, paths: XDGPaths) throws(InstallError) {
        guard executable.hasPrefix("/"), executable.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw .unsafeExecutablePath(executable)
        }
        self.init(
            executable: executable, marker: Self.marker,
            desktopPath: paths.dataHome + "/applications/" + Self.desktopFileName,
            unitPath: paths.configHome + "/systemd/user/" + Self.unitName)
    }

    /// The Debian package's copies of the same two files (scripts/package writes them with
    /// `install --stage`): for `<prefix>/bin/notifier`, in the system's directories under
    /// `<prefix>`; the link handler is also the desktop menu's entry.
    package static func packaged(root: String = "", prefix: String = "/usr") -> Installation {
        Installation(
            executable: prefix + "/bin/notifier", marker: packageMarker,
            desktopPath: root + prefix + "/share/applications/" + desktopFileName,
            unitPath: root + packagedUnitPath(prefix: prefix))
    }

    /// The first line of the package's files, by which `notifier install` knows the packaged unit.
    package static let packageMarker = "# Installed by the notifier package; `notifier install` enables it."

    package static func packagedUnitPath(prefix: String) -> String { prefix + "/lib/systemd/user/" + unitName }

    /// Where the package would have put the unit for this binary (`/usr/bin/notifier`:
    /// `/usr/lib/systemd/user/notifier.service`); `nil` for a binary not named `…/bin/notifier`.
    package static func packagedUnitPath(executable: String) -> String? {
        let suffix = "/bin/notifier"
        guard executable.hasSuffix(suffix) else { return nil }
        return packagedUnitPath(prefix: String(executable.dropLast(suffix.count)))
    }

    package static func isPackaged(_ contents: String) -> Bool {
        contents.hasPrefix(packageMarker + "\n")
    }

    private init(executable: String, marker: String, desktopPath: String, unitPath: String) {
        // The menu's launch has no link: `open-url` alone opens the home screen.
        desktopFile = File(
            path: desktopPath,
            contents: """
                \(marker)
                [Desktop Entry]
                Type=Application
                Name=notifier
                Comment=What notifier is doing; opens notifier:// links from notifications in a terminal
                Exec=\(Self.desktopExecArgument(executable)) open-url %u
                Terminal=true
                Categories=Utility;
                MimeType=\(Self.mimeType);

                """)
        unitFile = File(
            path: unitPath,
            contents: """
                \(marker)
                [Unit]
                Description=notifier: desktop notifications that link to detail views
                PartOf=graphical-session.target
                After=graphical-session.target

                [Service]
                ExecStart=\(Self.systemdArgument(executable))
                Restart=on-failure
                RestartSec=10
                # Exit code 2 is a bad config: restarting does not fix it.
                RestartPreventExitStatus=2

                [Install]
                WantedBy=graphical-session.target

                """)
    }

    package static func isOurs(_ contents: String) -> Bool {
        contents.hasPrefix(marker + "\n")
    }

    /// Characters that need no quoting in either a desktop file's Exec or a unit's ExecStart.
    private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._+,=@-")

    /// The Desktop Entry spec: reserved characters force double quotes, inside which `"`, `` ` ``,
    /// `$` and `\` take a backslash; `%` is doubled; then the value's own escaping doubles each
    /// backslash again.
    package static func desktopExecArgument(_ argument: String) -> String {
        quoted(argument, ["\"": #"\\""#, "`": #"\\`"#, "$": #"\\$"#, "\\": #"\\\\"#, "%": "%%"])
    }

    /// systemd's command lines: double quotes with C escapes; `%` starts a specifier and `$`
    /// a variable, so both are doubled.
    package static func systemdArgument(_ argument: String) -> String {
        quoted(argument, ["\"": #"\""#, "\\": #"\\"#, "%": "%%", "$": "$$"])
    }

    private static func quoted(_ argument: String, _ escapes: [Character: String]) -> String {
        if argument.allSatisfy(plain.contains) { return argument }
        return "\"" + argument.map { escapes[$0] ?? String($0) }.joined() + "\""
    }
}

/// `$XDG_CONFIG_HOME/mimeapps.list`, where `xdg-mime default` records the link handler.
package enum MimeAppsList {
    /// The text without notifier's default-handler line; `nil` when it has none.
    package static func removingNotifierDefault(_ text: String) -> String? {
        var section = ""
        var changed = false
        var kept: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") { section = trimmed }
            if section == "[Default Applications]", isNotifierDefault(trimmed) {
                changed = true
                continue
            }
            kept.append(line)
        }
        return changed ? kept.joined(separator: "\n") : nil
    }

    private static func isNotifierDefault(_ line: String) -> Bool {
        let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, parts[0] == Installation.mimeType else { return false }
        let handlers = parts[1].split(separator: ";").filter { !$0.isEmpty }
        return handlers == [Substring(Installation.desktopFileName)]
    }
}
