import Foundation
import TestSupport
import Testing

/// Config files a hostile or messy world hands the program. Each one
/// gets exit 2 and one plain line naming the file (and line where there is one); none aborts.
@Suite(.sharingTheMachine) struct HostileConfigTests {
    /// toml++ hands keys over as C strings: a NUL in a key cut it short and TOMLKit trapped
    /// (SIGILL, exit 132, nothing said) in `config check`, `--once` and a daemon's reload.
    @Test(arguments: [#""a\u0000b" = 1"#, #"x = "a\u0000b""#, #"["\u0000"]"#, #"a."b\U00000000" = 1"#, #"x = """a\u0000""""#])
    func aNULInAKeyOrStringIsRefusedWithItsLine(_ line: String) async throws {
        let sandbox = try Sandbox(config: "# first\n" + line + "\n")
        for arguments in [["config", "check"], ["--once"]] {
            let result = try await ProcessRunner.notifier(arguments, environment: sandbox.environment())
            #expect(result.status == 2, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("config.toml:2: not valid TOML: a string or key holds the NUL character"), "\(result.stderr)")
        }
    }

    @Test func aRawNULByteIsRefused() async throws {
        let sandbox = try Sandbox()
        try Data("x = 1\n\0\n".utf8).write(to: sandbox.configFile)
        let result = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(result.status == 2)
        #expect(result.stderr.contains("config.toml:2: not valid TOML: a NUL byte"), "\(result.stderr)")
    }

    @Test func aFIFOIsNamedAsOne() async throws {
        let sandbox = try Sandbox()
        let fifo = sandbox.root.appendingPathComponent("config.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try await ProcessRunner.notifier(["config", "check", "--config", fifo], environment: sandbox.environment())
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(fifo): is a FIFO (named pipe), not a regular file"), "\(result.stderr)")
        #expect(!result.stderr.contains("permission"), "\(result.stderr)")
    }

    @Test func randomBytesAreNotUTF8Text() async throws {
        let sandbox = try Sandbox()
        var generator = SystemRandomNumberGenerator()
        var bytes = Array("[feeds.crypto]\n".utf8)
        bytes += [0xFF, 0xFE] + (0..<400).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: sandbox.configFile)
        let result = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(result.status == 2)
        #expect(result.stderr.contains("config.toml:2: is not UTF-8 text"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result.stderr)")
    }

    /// A default config path that cannot be read is an error, not a silent fall-back to defaults.
    @Test func aSymlinkLoopAtTheDefaultPathIsAnError() async throws {
        let sandbox = try Sandbox()
        let file = sandbox.configFile.path
        try FileManager.default.removeItem(atPath: file)
        #expect(symlink(file + ".other", file) == 0 && symlink(file, file + ".other") == 0)
        let result = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr.contains("\(file): is a loop of symbolic links"), "\(result.stderr)")
    }

    /// An escape sequence or a right-to-left override in a key is shown as a TOML escape.
    @Test func controlAndBidiCharactersInAKeyAreShownEscaped() async throws {
        let sandbox = try Sandbox(config: #""evil\u001B[2J\u202Ekey" = 1"# + "\n")
        let result = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(result.status == 2)
        #expect(result.stderr.contains(#"config.toml:1: unknown key 'evil\u001B[2J\u202Ekey'"#), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    }
}
