import Foundation
import Logging
import NotifierCore
import NotifierEngine

/// The daemon's reading: the stream held open (`GET <topic>/json?since=<cursor>`), and after it
/// ends or fails, again from the cursor after a backoff (1 s doubling to a minute, jittered);
/// a message cut off mid-line is read again whole from there.
extension SubscriptionRound {
    package static let backoff = Backoff(base: .seconds(1), maximum: .seconds(60))
    /// ntfy sends a keepalive every 45 s by default: a stream silent this long is dead.
    package static let idleTimeout: Duration = .seconds(120)

    package func streamForever(random: SeededGenerator) async {
        var random = random
        var failures = 0
        while !Task.isCancelled {
            let (error, heard) = await read(poll: false, idleTimeout: Self.idleTimeout)
            guard !Task.isCancelled else { return }
            if error == nil || heard {
                if failures > 0 { env.logger.info("\(feedName): reading again") }
                failures = 0
            } else {
                failures += 1
            }
            // A server down for a while is said once, not at each attempt.
            if let error { failures <= 1 ? env.logger.warning("\(error)") : env.logger.debug("\(error)") }
            let wait = Self.backoff.delay(
                afterConsecutiveFailures: max(1, failures), retryAfter: error.retryAfter, normalInterval: .seconds(1),
                random: &random)
            await env.rest(for: wait)
        }
    }
}
