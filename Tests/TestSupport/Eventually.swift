import Foundation

/// Waits until `condition` holds, looking `every` so often until a wall-clock deadline: a
/// readiness check, not a schedule. The one such loop of the tests.
public func eventually(
    timeout: Duration = .seconds(20), every interval: Duration = .milliseconds(100),
    _ condition: () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return await condition()
}
