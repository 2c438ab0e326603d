import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem
import Synchronization

// The pulse feed's view: its link (`notifier://pulse/alpha`) and `notifier open pulse alpha`,
// brought by `PulseFeedKind.views`.

extension LinkedView {
    /// A pulse's id: 1–40 lowercase ASCII letters, digits and underscores.
    package static let pulse = LinkedView("pulse") { id in
        (1...40).contains(id.utf8.count) && id.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }
}

extension FeedView {
    package static let pulse = FeedView(.pulse, command: OpenPulse.self)
}

/// `notifier open pulse ID`: the alerts delivered for that pulse, newest first, from the store
/// opened for reading. It writes to `shown` instead of standard output, for the tests to read.
package struct OpenPulse: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(commandName: "pulse", abstract: "One test pulse: its delivered alerts.")
    package static let shown = Mutex<[String]>([])

    @OptionGroup package var global: GlobalOptions

    @Argument package var id: String

    /// Where the store is (the tests' sandbox); the program's own when left out.
    @Option package var store: String?

    package func run() throws {
        guard DeepLink(.pulse, argument: id) != nil else { throw UserError.invalidArgument("not a pulse id: '\(id)'") }
        let path = store ?? XDGPaths(environment: ProcessInfo.processInfo.environment).storePath
        let deliveries = (try? Store.openForReading(path: path)?.history(limit: 100)) ?? []
        let lines = deliveries.filter { $0.rule == PulseHighRule.id && $0.key == id }.map(\.title)
        let text = "pulse \(id)\n" + (lines.isEmpty ? "no alerts yet\n" : lines.map { "  \($0)\n" }.joined())
        Self.shown.withLock { $0.append(text) }
    }
}
