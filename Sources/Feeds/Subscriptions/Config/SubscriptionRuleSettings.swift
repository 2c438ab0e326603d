import Foundation
import NotifierCore
import NotifierEngine

/// `[rules.subscription]`: what every subscription's messages share, as each rule has its
/// table: `channels`, `acknowledge` and `escalate` (added to every `rules.` table). A
/// `[[subscriptions]]` entry that asks for an acknowledgement itself comes first.
package struct SubscriptionRuleSettings: ConfigSection {
    package init() {}

    package static let table = "rules.\(SubscriptionSettings.ruleID)"
    package static let keys: [SectionKey<SubscriptionRuleSettings>] = []
    package static let documented = #"""
        [rules.subscription]
        # What every [[subscriptions]] message shares, as any rule's table: channels, acknowledge
        # and escalate (see [[channels]] and [[reminders]]); a subscription's own come first.
        """#
}

extension Config {
    package var subscriptionRule: SubscriptionRuleSettings {
        get { self[SubscriptionRuleSettings.self] }
        set { self[SubscriptionRuleSettings.self] = newValue }
    }
}
