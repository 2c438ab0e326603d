import Foundation
import NotifierCore
import Synchronization
import Testing

@testable import NotifierDelivery

/// A request to the notification server is waited for only so long; what becomes of it after
/// is still told, so that `--once` can print a bubble the server failed late.
@Suite struct BoundedShowTests {
    @Test func aFailureAfterTheBoundIsToldLateAndSettleWaitsForIt() async {
        let late = Mutex<[String]>([])
        // The call ends only once the bound has been reached, however loaded the machine.
        let boundReached = DispatchSemaphore(value: 0)
        let outcome = await BoundedShow.run(
            bound: .milliseconds(20), clock: ContinuousClock(),
            lateFailure: { message in late.withLock { $0.append(message) } },
            {
                boundReached.wait()
                return .failed("the server went away")
            })
        #expect(outcome == .unconfirmed)
        boundReached.signal()
        await BoundedShow.settle(within: .seconds(30), clock: ContinuousClock())
        #expect(late.withLock { $0 } == ["the server went away"])
    }

    @Test func aFailureWithinTheBoundIsTheOutcomeAndNothingLate() async {
        let late = Mutex<[String]>([])
        let outcome = await BoundedShow.run(
            bound: .seconds(30), clock: ContinuousClock(),
            lateFailure: { message in late.withLock { $0.append(message) } },
            { .failed("refused") })
        #expect(outcome == .failed("refused"))
        await BoundedShow.settle(within: .seconds(30), clock: ContinuousClock())
        #expect(late.withLock { $0 }.isEmpty)
    }
}
