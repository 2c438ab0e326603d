import NotifierEngine
import Synchronization

/// Whether loading the config runs its costly checks (compiling each watch's jq selector, with
/// jq's errors and their line). The commands that run selectors or check the config turn them
/// on before they load it (the daemon, `--once`, `config check`, `watch`, `test`); a view, which
/// runs none, does not pay some 30 ms of compiling per watch on a click.
package enum CostlyConfigChecks {
    package static let enabled = Atomic<Bool>(false)

    package static func enable() { enabled.store(true, ordering: .relaxed) }
}
