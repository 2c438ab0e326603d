import EndToEndSupport
import Foundation
import NotifierSystem
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// The Debian package's side of install: the files scripts/package takes from `install --stage`,
/// and `notifier install` run from a packaged binary (`<prefix>/bin/notifier` with the package's
/// unit in `<prefix>/lib/systemd/user/`), which only enables that unit. A hand-built binary
/// installs as before (InstallTests).
@Suite(.sharingTheMachine) struct PackagedInstallTests {
    /// A packaged layout inside a sandbox: the binary as `<sandbox>/usr/bin/notifier` (a hard
    /// link, so /proc/self/exe names that path) and the package's files staged beside it; a
    /// stand-in systemctl on the PATH records what it is asked.
    struct Packaged {
        let sandbox: Sandbox
        let binary: String
        let systemctl: StandInTerminal
        var environment: [String: String]
        var unit: String { sandbox.root.path + "/usr/lib/systemd/user/notifier.service" }
        var userUnit: String { sandbox.root.path + "/config/systemd/user/notifier.service" }
        var userDesktopFile: String { sandbox.root.path + "/data/applications/notifier.desktop" }

        init(systemctlExits status: Int32 = 0) async throws {
            sandbox = try Sandbox()
            let files = FileManager.default
            let bin = sandbox.root.appendingPathComponent("usr/bin")
            try files.createDirectory(at: bin, withIntermediateDirectories: true)
            binary = bin.appendingPathComponent("notifier").path
            let built = URL(fileURLWithPath: ProcessRunner.notifierPath).resolvingSymlinksInPath().path
            do { try files.linkItem(atPath: built, toPath: binary) } catch { try files.copyItem(atPath: built, toPath: binary) }
            let tools = sandbox.root.appendingPathComponent("tools")
            try files.createDirectory(at: tools, withIntermediateDirectories: true)
            systemctl = try StandInTerminal(in: tools, name: "systemctl")
            if status != 0 {
                try "#!/bin/sh\necho 'Failed to connect to bus' >&2\nexit \(status)\n".write(toFile: systemctl.path, atomically: true, encoding: .utf8)
            }
            environment = sandbox.environment(["XDG_DATA_HOME": sandbox.root.path + "/data", "PATH": tools.path + ":/usr/bin:/bin"])
            let staged = try await ProcessRunner.run(binary, ["install", "--stage", sandbox.root.path], environment: environment)
            #expect(staged.status == 0, "\(staged.stderr)")
        }

        func install(_ extra: [String] = []) async throws -> ProcessResult {
            try await ProcessRunner.run(binary, ["install"] + extra, environment: environment)
        }

        func read(_ path: String) -> String? {
            FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    @Test func theStagedFilesAreTheInstallTextForUsrBinWithAMenuEntry() async throws {
        let packaged = try await Packaged()
        let desktop = try #require(packaged.read(packaged.sandbox.root.path + "/usr/share/applications/notifier.desktop"))
        #expect(desktop.hasPrefix(Installation.packageMarker + "\n[Desktop Entry]\n"), "\(desktop)")
        for line in ["Exec=/usr/bin/notifier open-url %u", "MimeType=x-scheme-handler/notifier;", "Terminal=true", "Categories=Utility;", "Type=Application"] {
            #expect(desktop.contains("\n\(line)\n"), "missing \(line) in\n\(desktop)")
        }
        #expect(!desktop.contains("NoDisplay"), "a menu entry")
        let unit = try #require(packaged.read(packaged.unit))
        let userInstall = try Installation(executable: "/usr/bin/notifier", paths: XDGPaths(environment: ["HOME": "/h"]))
        // The unit differs from the one `notifier install` writes only in its first line.
        #expect(unit == Installation.packageMarker + String(userInstall.unitFile.contents.drop { $0 != "\n" }), "\(unit)")
    }

    @Test func withThePackageInstallOnlyEnablesThePackagedUnit() async throws {
        let packaged = try await Packaged()
        let result = try await packaged.install()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                installed by the Debian package: its user unit \(packaged.unit) and the notifier:// handler are in place
                enabled the packaged user unit (systemctl --user enable --now notifier): the daemon runs now and at every login

                """, "\(result.stdout)")
        #expect(packaged.systemctl.arguments == ["--user", "enable", "--now", "notifier"])
        #expect(!FileManager.default.fileExists(atPath: packaged.userUnit))
        #expect(!FileManager.default.fileExists(atPath: packaged.userDesktopFile))
    }

    @Test func dryRunSaysWhatItWouldRun() async throws {
        let packaged = try await Packaged()
        let result = try await packaged.install(["--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("would run systemctl --user enable --now notifier\n"), "\(result.stdout)")
        #expect(packaged.systemctl.arguments == nil)
    }

    @Test func aFailedEnableSaysWhatToRun() async throws {
        let packaged = try await Packaged(systemctlExits: 1)
        let result = try await packaged.install()
        #expect(result.status == 1)
        #expect(result.stderr == "notifier: could not run `systemctl --user enable --now notifier`; run it in your desktop session\n", "\(result.stderr)")
    }

    @Test func anEarlierHandInstallIsNamedAsTakingPrecedence() async throws {
        let packaged = try await Packaged()
        // What `notifier install` wrote for a hand-built binary before the package came.
        let earlier = try Installation(executable: "/home/me/.local/bin/notifier", paths: XDGPaths(environment: packaged.environment))
        try FileManager.default.createDirectory(atPath: earlier.unitDirectory, withIntermediateDirectories: true)
        try earlier.unitFile.contents.write(toFile: earlier.unitFile.path, atomically: true, encoding: .utf8)
        let result = try await packaged.install()
        #expect(
            result.stdout.contains("note: \(packaged.userUnit), from an earlier `notifier install`, takes precedence; `notifier uninstall` removes it\n"),
            "\(result.stdout)")
    }

    @Test func aUnitNotThePackagesLeavesInstallAsForAHandBuiltBinary() async throws {
        let packaged = try await Packaged()
        try "[Unit]\nDescription=someone else's\n".write(toFile: packaged.unit, atomically: true, encoding: .utf8)
        let result = try await packaged.install()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote \(packaged.userUnit)\n"), "\(result.stdout)")
        #expect(packaged.systemctl.arguments == nil)
    }

    @Test func thePackagedUnitIsLookedForBesideTheBinary() {
        #expect(Installation.packagedUnitPath(executable: "/usr/bin/notifier") == "/usr/lib/systemd/user/notifier.service")
        #expect(Installation.packagedUnitPath(executable: "/opt/n/bin/notifier") == "/opt/n/lib/systemd/user/notifier.service")
        #expect(Installation.packagedUnitPath(executable: "/home/me/build/notifier") == nil)
    }

    /// The menu entry's launch has no link: the home screen, not a usage error.
    @Test func openURLWithoutALinkOpensTheHomeScreen() async throws {
        let sandbox = try Sandbox()
        let result = try await ProcessRunner.notifier(["open-url"], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stderr)")
        let home = try await ProcessRunner.notifier(["status"], environment: sandbox.environment())
        #expect(result.stdout == home.stdout && !home.stdout.isEmpty, "\(result.stdout)")
    }
}
