import Foundation
import NotifierCore
import Synchronization

/// Where a feed's round hands its decisions in a test of the core alone: kept, in order, for the
/// test to read.
package final class KeptDecisions: AlertDelivery {
    private let kept = Mutex<[RoundDecisions]>([])

    package init() {}

    package var decisions: [RoundDecisions] { kept.withLock { $0 } }

    package func submit(_ decisions: RoundDecisions, now: Date) async {
        kept.withLock { $0.append(decisions) }
    }
}
