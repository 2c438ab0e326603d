import Foundation
import Logging
import NotifierCore
import NotifierEngine

/// What a deciding pass needs before it may decide anything: its turn (`PassLock`) and a store
/// it can write. Without a store no rule can tell a crossing from a level it already reported,
/// so a pass without one would say an error every time, exit 0, and never detect anything:
/// it says so once, and the caller exits 1.
package enum PassGuard {
    /// How long a pass waits for another one to finish: a pass takes seconds.
    package static let lockWait = Duration.seconds(60)

    package static func begin(context: AppContext, clock: any Clock<Duration>) async -> (lock: PassLock, store: Store)? {
        let logger = context.logger
        let lock: PassLock
        do {
            lock = try await PassLock.acquire(stateDirectory: context.paths.stateHome + "/notifier", wait: lockWait, clock: clock)
        } catch {
            logger.error("\(error)")
            return nil
        }
        do {
            let store = try context.openStore()
            try store.checkWritable()
            return (lock, store)
        } catch {
            logger.error("\(error); \(withoutStore)")
            return nil
        }
    }

    package static let withoutStore =
        "nothing can be decided without the store, which holds what was already shown: free some space, or fix $XDG_STATE_HOME, and run again"

    /// After the pass: whether its store stopped taking writes, said once.
    package static func end(store: Store, logger: Logger) -> Bool {
        guard let failure = store.writeGate.failure else { return true }
        logger.error("\(failure); what this pass decided was not shown, and the next pass decides it again")
        return false
    }
}
