import Foundation
import NotifierCore
import NotifierDelivery
import NotifierEngine

/// `--once --wait`: stays to serve clicks on the bubbles this pass showed itself, until all of
/// them have closed or the time is up.
package struct ClickWait {
    package let runner: Runner
    package let store: Store?
    /// Closes the bubbles and clears the messages of what a click acknowledges.
    package let sink: any AlertSink

    package func serve(_ notifications: DesktopNotifications, for limit: Duration) async {
        let expected = notifications.shownCount
        guard expected > 0 else { return }
        let handler = runner.clickHandler(store: store, sink: sink)
        let clock = runner.clock
        runner.logger.info("serving clicks on \(expected) notification(s) for up to \(limit.components.seconds) s")
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var open = expected
                for await event in notifications.events {
                    switch event {
                    case .activated(let action, let target):
                        await handler.acknowledgeIfAsked(action, target)
                        handler.handle(action, target)
                    case .closed(let id, _):
                        open -= 1
                        // Closed on screen: the next alert about its subject shows a new bubble.
                        _ = StoreProblems.attempt("forgetting a closed bubble", logger: runner.logger) {
                            try store?.forgetBubbles(ids: [id], now: runner.now())
                        }
                    case .serverVanished, .serverAppeared: break
                    }
                    if open <= 0 { return }
                }
            }
            group.addTask { try? await clock.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }
}
