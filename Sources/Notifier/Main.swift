import ArgumentParser
import Foundation
import NotifierCore
import NotifierProgram
import NotifierSystem

@main
enum Main {
    static func main() {
        // Feed text may hold anything; a closed pipe must end the program quietly, not kill it.
        signal(SIGPIPE, SIG_IGN)
        // Before any thread allocates: see Heap.
        Heap.useOneArena()
        MappedFilePages.releaseWhileResting()
        // Before any thread starts, which inherits the mask.
        SystemWatch.unblockSignals()
        ProgramExecutors.run { await run() }
    }

    static func run() async {
        await Program.$current.withValue(.notifier) {
            do {
                if try await Program.notifier.views.fastPath(Array(CommandLine.arguments.dropFirst())) { return }
                try await AsyncDispatch.run(NotifierCommand.parseAsRoot(WaitOption.normalized(Array(CommandLine.arguments.dropFirst()))))
            } catch let error as UserError {
                FileHandle.standardError.write(text: Redaction.scrub("notifier: \(error)\n"))
                exit(Exit.usage)
            } catch {
                let code = NotifierCommand.exitCode(for: error)
                // argument-parser's usage errors are 64 (EX_USAGE); this program says 2, as most
                // Unix tools do.
                if code == .validationFailure {
                    FileHandle.standardError.write(text: NotifierCommand.fullMessage(for: error) + "\n")
                    exit(Exit.usage)
                }
                NotifierCommand.exit(withError: error)
            }
        }
    }
}
