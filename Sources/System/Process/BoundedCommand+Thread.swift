import Foundation

extension BoundedCommand {
    /// `run` on a thread of its own: a command's seconds of waiting must not hold one of the
    /// cooperative pool's few threads (every loopback server and feed of the process shares
    /// them). A cancelled task stops the command's group at once.
    public static func runOnItsOwnThread(
        _ argv: [String], environment: [String: String], timeout: Duration, outputLimit: Int, name: String = "notifier-command"
    ) async -> Result<Outcome, ChildSpawn.Failure> {
        let stop = CommandStop()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                KeptThreads.shared.run(name: name) {
                    continuation.resume(
                        returning: Result { () throws(ChildSpawn.Failure) -> Outcome in
                            try BoundedCommand.run(argv, environment: environment, timeout: timeout, outputLimit: outputLimit, stop: stop)
                        })
                }
            }
        } onCancel: {
            stop.stop()
        }
    }
}
