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

/// `notifier install` and `notifier uninstall` in a sandbox's XDG directories.
@Suite(.sharingTheMachine) struct InstallTests {
    struct Setup {
        let sandbox: Sandbox
        let environment: [String: String]
        var desktopFile: String { sandbox.root.path + "/data/applications/notifier.desktop" }
        var unitFile: String { sandbox.root.path + "/config/systemd/user/notifier.service" }
        var mimeApps: String { sandbox.root.path + "/config/mimeapps.list" }

        init() throws {
            sandbox = try Sandbox()
            environment = sandbox.environment(["XDG_DATA_HOME": sandbox.root.path + "/data"])
        }

        func run(_ arguments: [String]) async throws -> ProcessResult {
            try await ProcessRunner.notifier(arguments, environment: environment)
        }

        func read(_ path: String) -> String? {
            FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    static var hasXDGMime: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-mime") }

    @Test func installWritesTheHandlerAndTheUnitAndIsIdempotent() async throws {
        let setup = try Setup()
        let result = try await setup.run(["install"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote \(setup.desktopFile)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("wrote \(setup.unitFile)\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("  systemctl --user enable --now notifier\n"), "\(result.stdout)")

        let desktop = try #require(setup.read(setup.desktopFile))
        // The running binary's real path, as /proc/self/exe gives it.
        let binary = URL(fileURLWithPath: ProcessRunner.notifierPath).resolvingSymlinksInPath().path
        for line in ["Exec=\(binary) open-url %u", "MimeType=x-scheme-handler/notifier;", "Terminal=true", "Categories=Utility;", "Type=Application"] {
            #expect(desktop.contains("\n\(line)\n"), "missing \(line) in\n\(desktop)")
        }
        let unit = try #require(setup.read(setup.unitFile))
        for line in ["ExecStart=\(binary)", "Restart=on-failure", "WantedBy=graphical-session.target"] {
            #expect(unit.contains("\n\(line)\n"), "missing \(line) in\n\(unit)")
        }
        if Self.hasXDGMime {
            #expect(result.stdout.contains("registered notifier.desktop for notifier:// links (xdg-mime)"))
            #expect(setup.read(setup.mimeApps)?.contains("x-scheme-handler/notifier=notifier.desktop") == true)
        }

        let again = try await setup.run(["install"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("unchanged \(setup.desktopFile)\n") && again.stdout.contains("unchanged \(setup.unitFile)\n"), "\(again.stdout)")
        #expect(setup.read(setup.desktopFile) == desktop && setup.read(setup.unitFile) == unit)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-open")))
    func xdgOpenRunsTheLinkThroughTheInstalledHandler() async throws {
        let setup = try Setup()
        let bin = setup.sandbox.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let terminal = try StandInTerminal(in: bin, name: "x-terminal-emulator")
        // xdg-open's generic method wants a display; nothing draws on it.
        var environment = setup.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "")
        environment["DISPLAY"] = ":77"
        environment["XDG_DATA_DIRS"] = setup.sandbox.root.path + "/data"
        #expect(try await ProcessRunner.notifier(["install"], environment: environment).status == 0)
        let open = try await ProcessRunner.run("/usr/bin/xdg-open", ["notifier://country/KZ"], environment: environment)
        #expect(open.status == 0, "\(open.stderr)")
        // Readiness, not a schedule: the handler may still be starting.
        _ = await eventually(timeout: .seconds(5), every: .milliseconds(50)) { terminal.arguments != nil }
        let binary = URL(fileURLWithPath: ProcessRunner.notifierPath).resolvingSymlinksInPath().path
        #expect(terminal.arguments == ["-e", binary, "open-url", "notifier://country/KZ"], "Terminal=true: in x-terminal-emulator")
        let view = try await ProcessRunner.notifier(["open-url", "notifier://country/KZ"], environment: environment)
        #expect(view.stdout.contains("Kazakhstan"))
    }

    @Test func dryRunPrintsTheFilesAndWritesNothing() async throws {
        let setup = try Setup()
        let result = try await setup.run(["install", "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("would write \(setup.desktopFile):\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  MimeType=x-scheme-handler/notifier;\n"))
        #expect(result.stdout.contains("would write \(setup.unitFile):\n"))
        #expect(result.stdout.contains("  systemctl --user enable --now notifier\n"))
        #expect(!FileManager.default.fileExists(atPath: setup.sandbox.root.path + "/data"))
        #expect(!FileManager.default.fileExists(atPath: setup.sandbox.root.path + "/config/systemd"))
        #expect(!FileManager.default.fileExists(atPath: setup.mimeApps))
    }

    @Test func uninstallRemovesExactlyWhatInstallWrote() async throws {
        let setup = try Setup()
        let applications = setup.sandbox.root.path + "/data/applications"
        try FileManager.default.createDirectory(atPath: applications, withIntermediateDirectories: true)
        try "[Desktop Entry]\nName=other\n".write(toFile: applications + "/other.desktop", atomically: true, encoding: .utf8)
        try "[Default Applications]\ntext/html=firefox.desktop\n".write(toFile: setup.mimeApps, atomically: true, encoding: .utf8)
        #expect(try await setup.run(["install"]).status == 0)

        let dry = try await setup.run(["uninstall", "--dry-run"])
        #expect(dry.stdout.contains("would remove \(setup.desktopFile)\n"), "\(dry.stdout)")
        #expect(FileManager.default.fileExists(atPath: setup.desktopFile))

        let result = try await setup.run(["uninstall"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("removed \(setup.desktopFile)\n") && result.stdout.contains("removed \(setup.unitFile)\n"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: setup.desktopFile))
        #expect(!FileManager.default.fileExists(atPath: setup.unitFile))
        #expect(FileManager.default.fileExists(atPath: applications + "/other.desktop"))
        let mimeApps = setup.read(setup.mimeApps) ?? ""
        #expect(mimeApps.contains("text/html=firefox.desktop"))
        #expect(!mimeApps.contains("x-scheme-handler/notifier"), "\(mimeApps)")

        let again = try await setup.run(["uninstall"])
        #expect(again.status == 0)
        #expect(again.stdout == "absent \(setup.desktopFile)\nabsent \(setup.unitFile)\n", "\(again.stdout)")
    }

    @Test func filesItDidNotWriteAreNeverReplacedOrRemoved() async throws {
        let setup = try Setup()
        let mine = "[Desktop Entry]\nName=my own\n"
        try FileManager.default.createDirectory(atPath: setup.sandbox.root.path + "/data/applications", withIntermediateDirectories: true)
        try mine.write(toFile: setup.desktopFile, atomically: true, encoding: .utf8)
        for command in ["install", "uninstall"] {
            let result = try await setup.run([command])
            #expect(result.status == 1)
            #expect(
                result.stderr == "notifier: \(setup.desktopFile) exists and was not written by `notifier install`; move it away first\n", "\(result.stderr)")
            #expect(setup.read(setup.desktopFile) == mine)
            #expect(!FileManager.default.fileExists(atPath: setup.unitFile), "nothing is half done")
        }
    }

    @Test func uninstallWaitsUntilTheServiceIsDisabled() async throws {
        let setup = try Setup()
        #expect(try await setup.run(["install"]).status == 0)
        let wants = setup.sandbox.root.path + "/config/systemd/user/graphical-session.target.wants"
        try FileManager.default.createDirectory(atPath: wants, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: wants + "/notifier.service", withDestinationPath: setup.unitFile)
        let result = try await setup.run(["uninstall"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("run `systemctl --user disable --now notifier` first"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: setup.unitFile))
    }

    @Test func oddExecutablePathsAreQuotedForEachFormat() throws {
        #expect(Installation.desktopExecArgument("/usr/bin/notifier") == "/usr/bin/notifier")
        #expect(Installation.desktopExecArgument("/opt/my apps/100%/$x\\y") == #""/opt/my apps/100%%/\\$x\\\\y""#)
        #expect(Installation.systemdArgument("/opt/my apps/100%/$x\\y") == #""/opt/my apps/100%%/$$x\\y""#)
        #expect(throws: InstallError.self) { try Installation(executable: "relative/notifier", paths: XDGPaths(environment: ["HOME": "/h"])) }
        #expect(throws: InstallError.self) { try Installation(executable: "/a\nb", paths: XDGPaths(environment: ["HOME": "/h"])) }
    }

    @Test func mimeAppsLosesOnlyNotifiersDefault() {
        let text =
            "[Added Associations]\nx-scheme-handler/notifier=notifier.desktop;\n[Default Applications]\nx-scheme-handler/notifier=notifier.desktop\ntext/html=firefox.desktop\n"
        #expect(
            MimeAppsList.removingNotifierDefault(text)
                == "[Added Associations]\nx-scheme-handler/notifier=notifier.desktop;\n[Default Applications]\ntext/html=firefox.desktop\n")
        #expect(MimeAppsList.removingNotifierDefault("[Default Applications]\nx-scheme-handler/notifier=other.desktop\n") == nil)
    }
}
