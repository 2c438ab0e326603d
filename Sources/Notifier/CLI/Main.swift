import ArgumentParser
import Foundation

/// Exit codes, a public contract: 0 success; 1 the work failed (every feed failed, the store
/// could not be written); 2 a usage error, a bad config or an unknown subject.
enum Exit {
    static let failure: Int32 = 1
    static let usage: Int32 = 2
}

@main
enum Main {
    static func main() async {
        // Feed text may hold anything; a closed pipe must end the program quietly, not kill it.
        signal(SIGPIPE, SIG_IGN)
        // Before any thread allocates: see Heap.
        Heap.useOneArena()
        do {
            if try await ViewRegistry.program.fastPath(Array(CommandLine.arguments.dropFirst())) { return }
            try await AsyncDispatch.run(NotifierCommand.parseAsRoot(WaitOption.normalized(Array(CommandLine.arguments.dropFirst()))))
        } catch let error as UserError {
            FileHandle.standardError.write(Data("notifier: \(error)\n".utf8))
            exit(Exit.usage)
        } catch {
            let code = NotifierCommand.exitCode(for: error)
            // argument-parser's usage errors are 64 (EX_USAGE); this program says 2, as most
            // Unix tools do.
            if code == .validationFailure {
                FileHandle.standardError.write(Data((NotifierCommand.fullMessage(for: error) + "\n").utf8))
                exit(Exit.usage)
            }
            NotifierCommand.exit(withError: error)
        }
    }
}

extension TimeSource {
    /// The machine's clocks: the only place a command or a view reads them.
    static let system = TimeSource(clock: ContinuousClock(), now: { Date() })
}
