import Foundation
import Testing

/// At most a few end-to-end tests at a time (8; `NOTIFIER_E2E_WIDTH` sets another). Each one
/// starts programs, buses, desktops or terminals; on two cores, all of them at once (some 170
/// started in the first second) stretched a test of 3 s to 40 s, and every bound on how soon a
/// program answers became a coin toss. The fault matrix, in its own run, keeps its own pace.
struct SharingTheMachine: SuiteTrait, TestTrait, TestScoping {
    static let slots = Slots(ProcessInfo.processInfo.environment["NOTIFIER_E2E_WIDTH"].flatMap(Int.init) ?? 8)

    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await Self.slots.withSlot(function)
    }
}

extension Trait where Self == SharingTheMachine {
    static var sharingTheMachine: Self { Self() }
}

/// A counting semaphore whose waiters are suspended tasks, not blocked threads.
actor Slots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = max(1, count) }

    func take() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }

    /// Runs `body` holding one slot, given back however it ends.
    nonisolated func withSlot<T>(_ body: () async throws -> T) async rethrows -> T {
        await take()
        do {
            let value = try await body()
            await give()
            return value
        } catch {
            await give()
            throw error
        }
    }
}
