import Foundation
import TestSupport
import Testing

/// libnotify, GIO, GObject and GLib are opened on first use, through declarations the program
/// makes itself (Sources/CNotify/shim.h, Sources/CGLib/shim.h) instead of their headers.
@Suite struct DesktopLibraryDeclarationsTests {
    /// Every type, value and signature declared there is the one the system's headers declare:
    /// GnomeDeclarations.c compiles only then.
    @Test func theDeclarationsAreTheSystemHeadersOwn() async throws {
        let flags = try await ProcessRunner.run("/usr/bin/pkg-config", ["--cflags", "libnotify"], environment: [:])
        try #require(flags.status == 0, "pkg-config --cflags libnotify: \(flags.stderr)")
        let check = Samples.packageRoot.appendingPathComponent("Tests/DeliveryTests/GnomeDeclarations.c").path
        let arguments = ["-fsyntax-only", "-Wall", "-Werror"] + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init) + [check]
        // The system's C compiler, or the toolchain's clang beside swift.
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/bin"
        let compiler = ["cc", "clang"].lazy.flatMap { name in path.split(separator: ":").map { "\($0)/\(name)" } }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        let cc = try #require(compiler, "no C compiler on \(path): apt-get install gcc")
        let compiled = try await ProcessRunner.run(cc, arguments, environment: ["PATH": path])
        #expect(compiled.status == 0, "\(compiled.stderr)")
    }

    /// A command that never reaches the desktop does not load them: a view, a version.
    @Test func aViewLoadsNoDesktopLibrary() async throws {
        let sandbox = try Sandbox()
        for arguments in [["--version"], ["open", "week"]] {
            let result = try await ProcessRunner.notifier(arguments, environment: sandbox.environment(["LD_DEBUG": "files"]))
            #expect(result.status == 0, "\(arguments): \(result.stderr.suffix(2000))")
            let loaded = result.stderr.split(separator: "\n").filter { $0.contains("file=") }
            #expect(loaded.contains { $0.contains("libsqlite3") }, "LD_DEBUG says nothing loaded: \(result.stderr.prefix(500))")
            for library in ["libnotify", "libglib-2.0", "libgio-2.0", "libgobject-2.0", "libgdk_pixbuf"] {
                #expect(!loaded.contains { $0.contains(library) }, "\(arguments) loads \(library)")
            }
        }
    }
}
