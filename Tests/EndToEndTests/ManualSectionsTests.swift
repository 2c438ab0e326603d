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

/// The man page's ENVIRONMENT, FILES, EXIT STATUS and EXAMPLES come from docs/man-sections.md
/// (scripts/man-sections); the README carries the same blocks under the same headings. These
/// keep the two in step, and the version and completions that scripts/package takes from the binary.
@Suite(.sharingTheMachine) struct ManualSectionsTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: Samples.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// Each `## heading` and its first block: a fenced code block or a table.
    static func blocks(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        let lines = text.components(separatedBy: "\n")
        for (index, line) in lines.enumerated() where line.hasPrefix("## ") && index + 2 < lines.count && lines[index + 1].isEmpty {
            var block: [String] = []
            let rest = lines[(index + 2)...]
            if rest.first?.hasPrefix("```") == true {
                for next in rest {
                    block.append(next)
                    if block.count > 1 && next.hasPrefix("```") { break }
                }
            } else {
                block = Array(rest.prefix { $0.hasPrefix("|") })
            }
            if !block.isEmpty { result[String(line.dropFirst(3))] = block.joined(separator: "\n") }
        }
        return result
    }

    @Test func theReadmeCarriesEachManualSectionVerbatim() throws {
        let sections = Self.blocks(try Self.read("docs/man-sections.md"))
        let readme = Self.blocks(try Self.read("README.md"))
        #expect(Set(sections.keys) == ["The commands people use most", "Environment", "Files", "Exit codes"])
        for (heading, block) in sections {
            #expect(readme[heading] == block, "README's '## \(heading)' differs from docs/man-sections.md: copy the block from there")
        }
    }

    @Test func everyExitCodeOfTheProgramIsInTheTable() throws {
        let table = try #require(Self.blocks(try Self.read("docs/man-sections.md"))["Exit codes"])
        for code in [0, Int(Exit.failure), Int(Exit.usage)] {
            #expect(table.contains("\n| \(code) | "), "exit code \(code) is not in the table")
        }
    }

    @Test func versionIsTheSourcesOne() async throws {
        let result = try await ProcessRunner.notifier(["--version"], environment: Sandbox().environment())
        #expect(result.stdout == "notifier \(HTTPClient.version)\n")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsNameTheCommands(_ shell: String) async throws {
        let result = try await ProcessRunner.notifier(["--generate-completion-script", shell], environment: Sandbox().environment())
        #expect(result.status == 0, "\(result.stderr)")
        for command in ["open-url", "install", "history", "config"] {
            #expect(result.stdout.contains(command), "\(shell): \(command)")
        }
    }
}
