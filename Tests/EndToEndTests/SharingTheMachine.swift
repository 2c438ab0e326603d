import Foundation
import Synchronization
import Testing

/// At most a few end-to-end tests at a time (8; `NOTIFIER_E2E_WIDTH` sets another). Each one
/// starts programs, buses, desktops or terminals; on two cores, all of them at once (some 170
/// started in the first second) stretched a test of 3 s to 40 s, and every bound on how soon a
/// program answers became a coin toss. The fault matrix, in its own run, keeps its own pace.
struct SharingTheMachine: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await MachineGate.shared.enter()
        defer { MachineGate.shared.leave() }
        try await function()
    }
}

extension Trait where Self == SharingTheMachine {
    static var sharingTheMachine: Self { Self() }
}

/// A counting semaphore whose waiters are suspended tasks, not blocked threads.
private final class MachineGate: Sendable {
    static let shared = MachineGate(width: ProcessInfo.processInfo.environment["NOTIFIER_E2E_WIDTH"].flatMap(Int.init) ?? 8)

    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(width: Int) {
        state = Mutex(State(free: max(1, width)))
    }

    func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state in
                guard state.free > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
