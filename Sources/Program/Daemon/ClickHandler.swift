import Foundation
import Logging
import NotifierCore
import NotifierDelivery
import NotifierEngine

/// What the daemon does with a click: open the detail view, or silence the rule or subject
/// through the store, which the engine reads at its next poll.
package struct ClickHandler: Sendable {
    package let opener: DeepLinkOpener
    package let store: Store?
    package let logger: Logger
    package let now: @Sendable () -> Date
    /// The program's feeds: a bubble's own buttons are its rule's feed's to handle.
    package let feeds: [any FeedKind]
    /// Acknowledges what a click on Acknowledge (or a feed's button that does) is about; `nil`:
    /// no store.
    package var acknowledger: Acknowledger? = nil

    /// A click on Acknowledge, or a feed's own button that acknowledges: the episode is
    /// acknowledged by this desktop and its copies closed. Before `handle`, which does the rest
    /// of what the button does.
    package func acknowledgeIfAsked(_ action: NotificationAction, _ target: ClickTarget) async {
        let byItsFeed = (ruleOwner(target) as? any BubbleActions)?.acknowledges(action) ?? false
        guard NotificationAction.acknowledges(action) || byItsFeed, let acknowledger else { return }
        await acknowledger.acknowledge(clicked: target, now: now())
    }

    package func handle(_ action: NotificationAction, _ target: ClickTarget) {
        switch action {
        case .acknowledge:
            break
        case .open:
            opener.open(target.link, activationToken: target.activationToken)
        case .snooze:
            (ruleOwner(target) as? any ClickHandling)?.clicked(action, target, store: store, logger: logger, now: now())
            let until = now().addingTimeInterval(NotificationAction.snoozeLength)
            save("snoozed \(target.rule) \(target.subject) until \(until.formatted(.iso8601))") { store throws(StoreError) in
                try store.setSnooze(SubjectKey(rule: target.rule, subject: target.subject), until: until)
            }
        case .mute:
            save("muted \(target.rule) until `notifier unmute \(target.rule)`") { store throws(StoreError) in
                try store.setMute(rule: target.rule, until: .distantFuture)
            }
        default:
            (ruleOwner(target) as? any ClickHandling)?.clicked(action, target, store: store, logger: logger, now: now())
        }
    }

    /// The feed kind whose rule the bubble is about: its own buttons are its to handle.
    private func ruleOwner(_ target: ClickTarget) -> (any FeedKind)? {
        feeds.kind(ofRule: target.rule)
    }

    private func save(_ done: String, _ change: (Store) throws(StoreError) -> Void) {
        guard let store else {
            logger.warning("no store: cannot remember that choice")
            return
        }
        do {
            try change(store)
            logger.info("\(done)")
        } catch {
            logger.error("\(error)")
        }
    }
}

extension Runner {
    /// Clicks as this run handles them: links open in the configured terminal; what a click
    /// acknowledges closes its bubbles through `sink` and is told over the network.
    package func clickHandler(store: Store?, sink: any AlertSink) -> ClickHandler {
        let opener = DeepLinkOpener(environment: context.environment, logger: logger, terminal: context.config.delivery.terminal)
        let acknowledger = store.map { Acknowledger.made(by: context.config, store: $0, sink: sink, elsewhere: .network, logger: logger) }
        return ClickHandler(opener: opener, store: store, logger: logger, now: now, feeds: feeds, acknowledger: acknowledger)
    }
}
