import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier install`: the notifier:// link handler and the daemon's systemd user unit.
package struct InstallCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Register the notifier:// link handler and write a systemd user unit for the daemon.",
        discussion: """
            Writes $XDG_DATA_HOME/applications/notifier.desktop (registered with xdg-mime where present) \
            and $XDG_CONFIG_HOME/systemd/user/notifier.service, both running this program from where it \
            is now. Running it again is harmless. `notifier uninstall` removes what it wrote. Installed \
            by its Debian package (/usr/bin/notifier), it only enables the packaged user unit.
            """
    )

    @Flag(help: "Print what would be written; write nothing.")
    package var dryRun = false

    @Option(help: ArgumentHelp("Write the Debian package's unit and desktop entry under this root (scripts/package).", visibility: .hidden))
    package var stage: String?

    package func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let installer = Installer(environment: environment, dryRun: dryRun || Installer.rootTookDryRun)
        if let stage { return try installer.stage(root: stage) }
        try installer.install()
    }
}

package struct UninstallCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "uninstall",
        abstract: "Remove what `notifier install` wrote.",
        discussion: "Only files `notifier install` wrote are removed; the config and the store stay."
    )

    @Flag(help: "Print what would be removed; remove nothing.")
    package var dryRun = false

    package func run() throws {
        let environment = ProcessInfo.processInfo.environment
        try Installer(environment: environment, dryRun: dryRun || Installer.rootTookDryRun).uninstall()
    }
}

/// The file work behind install and uninstall. Every check comes before the first change, so
/// a refusal leaves everything as it was.
package struct Installer {
    package let environment: [String: String]
    package let dryRun: Bool
    private let paths: XDGPaths
    private var files: FileManager { .default }

    /// argument-parser hands `--dry-run` after `install` to the root command, which has a flag
    /// of that name too; these commands take no other arguments, so the raw argv settles it.
    package static var rootTookDryRun: Bool { CommandLine.arguments.dropFirst().contains("--dry-run") }

    package init(environment: [String: String], dryRun: Bool) {
        self.environment = environment
        self.dryRun = dryRun
        paths = XDGPaths(environment: environment)
    }

    package func install() throws {
        if let unit = Installation.packagedUnitPath(executable: DeepLinkOpener.selfExecutable()),
            let text = read(unit), Installation.isPackaged(text)
        {
            return try enablePackaged(unit: unit)
        }
        let installation = try refusing { () throws(InstallError) in
            try Installation(executable: DeepLinkOpener.selfExecutable(), paths: paths)
        }
        let existing = installation.files.map { read($0.path) }
        for (file, current) in zip(installation.files, existing) {
            if let current, !Installation.isOurs(current) { try refuse(.notOurs(file.path)) }
        }
        var output = ""
        var unitChanged = false
        for (file, current) in zip(installation.files, existing) {
            if current == file.contents {
                output += "unchanged \(file.path)\n"
                continue
            }
            if file == installation.unitFile, current != nil { unitChanged = true }
            if dryRun {
                output +=
                    "would write \(file.path):\n"
                    + file.contents.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.isEmpty ? "" : "  \($0)" }.joined(separator: "\n")
                continue
            }
            try write(file)
            output += "wrote \(file.path)\n"
        }
        output += registerHandler(installation)
        output += "To run the daemon now and at every login:\n"
        if unitChanged { output += "  systemctl --user daemon-reload\n" }
        output += "  \(Installation.enableCommand)\n"
        print(output, terminator: "")
    }

    /// The package put the unit and the link handler in place; only the unit is left to enable.
    private func enablePackaged(unit: String) throws {
        var output = "installed by the Debian package: its user unit \(unit) and the notifier:// handler are in place\n"
        // An earlier `notifier install` in the user's directories takes precedence over the package's.
        let earlier = try refusing { () throws(InstallError) in try Installation(executable: "/notifier", paths: paths) }
        for file in earlier.files where read(file.path).map(Installation.isOurs) == true {
            output += "note: \(file.path), from an earlier `notifier install`, takes precedence; `notifier uninstall` removes it\n"
        }
        let arguments = ["--user", "enable", "--now", "notifier"]
        if dryRun {
            print(output + "would run \(Installation.enableCommand)", terminator: "\n")
            return
        }
        guard let systemctl = ProgramSearch.find("systemctl", environment: environment),
            ProgramSearch.runQuietly(systemctl, arguments, environment: environment)
        else {
            print(output, terminator: "")
            try refuse(.io("could not run `\(Installation.enableCommand)`; run it in your desktop session"))
        }
        print(output + "enabled the packaged user unit (\(Installation.enableCommand)): the daemon runs now and at every login")
    }

    /// scripts/package: the package's files, written under `root` as the package installs them.
    package func stage(root: String) throws {
        for file in Installation.packaged(root: root).files {
            try write(file)
            print("wrote \(file.path)")
        }
    }

    package func uninstall() throws {
        // The unit's path does not depend on the executable; any absolute path will do here.
        let installation = try refusing { () throws(InstallError) in
            try Installation(executable: "/notifier", paths: paths)
        }
        if let link = enabledLink(installation) { try refuse(.enabled(link)) }
        let existing = installation.files.map { read($0.path) }
        for (file, current) in zip(installation.files, existing) {
            if let current, !Installation.isOurs(current) { try refuse(.notOurs(file.path)) }
        }
        var output = ""
        for (file, current) in zip(installation.files, existing) {
            guard current != nil else {
                output += "absent \(file.path)\n"
                continue
            }
            if !dryRun {
                do {
                    try files.removeItem(atPath: file.path)
                } catch {
                    try refuse(.io("cannot remove \(file.path): \(error.localizedDescription)"))
                }
            }
            output += (dryRun ? "would remove " : "removed ") + file.path + "\n"
        }
        let mimeApps = paths.configHome + "/mimeapps.list"
        if let text = read(mimeApps), let without = MimeAppsList.removingNotifierDefault(text) {
            if !dryRun { try write(Installation.File(path: mimeApps, contents: without)) }
            output += (dryRun ? "would remove" : "removed") + " the notifier:// handler from \(mimeApps)\n"
        }
        if !dryRun { refreshDesktopDatabase(installation) }
        print(output, terminator: "")
    }

    /// `xdg-mime default` and the desktop database, where those tools exist.
    private func registerHandler(_ installation: Installation) -> String {
        let arguments = ["default", Installation.desktopFileName, Installation.mimeType]
        guard let xdgMime = ProgramSearch.find("xdg-mime", environment: environment) else {
            return "xdg-mime not found: notifier:// links are not registered (install xdg-utils and run this again)\n"
        }
        if dryRun { return "would run xdg-mime \(arguments.joined(separator: " "))\n" }
        refreshDesktopDatabase(installation)
        guard ProgramSearch.runQuietly(xdgMime, arguments, environment: environment) else {
            return "xdg-mime failed: notifier:// links may not open notifier\n"
        }
        return "registered \(Installation.desktopFileName) for notifier:// links (xdg-mime)\n"
    }

    private func refreshDesktopDatabase(_ installation: Installation) {
        guard let tool = ProgramSearch.find("update-desktop-database", environment: environment) else { return }
        ProgramSearch.runQuietly(tool, ["-q", installation.applicationsDirectory], environment: environment)
    }

    /// systemctl's symlink to the unit in some `*.wants` directory: removing the unit under it
    /// would leave it dangling.
    private func enabledLink(_ installation: Installation) -> String? {
        let directory = installation.unitDirectory
        let entries = (try? files.contentsOfDirectory(atPath: directory)) ?? []
        for wants in entries.sorted() where wants.hasSuffix(".wants") {
            let link = "\(directory)/\(wants)/\(Installation.unitName)"
            if (try? files.attributesOfItem(atPath: link)) != nil { return link }
        }
        return nil
    }

    private func read(_ path: String) -> String? {
        guard let data = files.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    private func write(_ file: Installation.File) throws {
        do {
            try files.createDirectory(atPath: (file.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: URL(fileURLWithPath: file.path), options: .atomic)
        } catch {
            try refuse(.io("cannot write \(file.path): \(error.localizedDescription)"))
        }
    }

    private func refusing<T>(_ body: () throws(InstallError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            try refuse(error)
        }
    }

    /// One line on standard error, exit code 1: the work could not be done.
    private func refuse(_ error: InstallError) throws -> Never {
        FileHandle.standardError.write(text: "notifier: \(error)\n")
        throw ExitCode(Exit.failure)
    }
}
