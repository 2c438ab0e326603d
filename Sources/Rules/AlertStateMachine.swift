import Foundation

/// The life of one alert for one (rule, subject): armed, pending while the condition has to
/// hold for a while, firing, and cooling down after it resolves.
///
/// It is a value the caller stores between polls and steps with each new observation. An
/// unknown observation (`nil`: the feed failed or is stale) changes nothing at all, so a timer
/// can only complete on real data and a broken feed never looks like a recovery.
public struct AlertStateMachine: Codable, Sendable, Equatable {
    public enum State: Codable, Sendable, Equatable {
        /// Inactive, ready to fire.
        case armed
        /// The condition holds, but not yet for the policy's `forDuration`.
        case pending(since: Date)
        /// Fired at `since`; `lastNotified` is the last time the user heard about it.
        case firing(since: Date, lastNotified: Date)
        /// Resolved; it may not fire again before `until`.
        case coolingDown(until: Date)
    }

    /// What a step tells the user. `updated` never comes from the machine: the engine's
    /// rewrite of a firing subject's bubble after a deeper move (`RuleEngine+Updates`).
    public enum Emission: String, Codable, Sendable, CaseIterable {
        case fired, repeated, resolved, updated
    }

    public private(set) var state: State

    public init(state: State = .armed) {
        self.state = state
    }

    /// Advances with one observation made at `now`.
    public mutating func step(_ signal: Threshold.Signal?, now: Date, policy: AlertPolicy) -> Emission? {
        guard let signal else { return nil }
        switch state {
        case .armed:
            return stepArmed(signal, now: now, policy: policy)

        case .pending(let since):
            guard signal == .beyondFire else {
                // The condition stopped holding before `for` ran out: start over.
                state = .armed
                return nil
            }
            // A clock that jumped backwards restarts the wait instead of stretching it.
            let start = min(since, now)
            if now.timeIntervalSince(start) >= policy.forDuration.nonNegativeSeconds {
                state = .firing(since: now, lastNotified: now)
                return .fired
            }
            state = .pending(since: start)
            return nil

        case .firing(let since, let lastNotified):
            switch signal {
            case .rearmed:
                let cooldown = policy.cooldown.nonNegativeSeconds
                state = cooldown > 0 ? .coolingDown(until: now.addingTimeInterval(cooldown)) : .armed
                return policy.notifyWhenResolved ? .resolved : nil
            case .between:
                return nil
            case .beyondFire:
                let last = min(lastNotified, now)
                guard let interval = policy.effectiveRepeatSeconds, now.timeIntervalSince(last) >= interval else {
                    state = .firing(since: since, lastNotified: last)
                    return nil
                }
                state = .firing(since: since, lastNotified: now)
                return .repeated
            }

        case .coolingDown(let until):
            // A clock that jumped backwards cannot stretch the cooldown beyond its length.
            let end = min(until, now.addingTimeInterval(policy.cooldown.nonNegativeSeconds))
            guard now >= end else {
                state = .coolingDown(until: end)
                return nil
            }
            // The cooldown is over: this very observation counts as one made while armed, so a
            // value already beyond the fire level fires now rather than one poll later.
            state = .armed
            return stepArmed(signal, now: now, policy: policy)
        }
    }

    private mutating func stepArmed(_ signal: Threshold.Signal, now: Date, policy: AlertPolicy) -> Emission? {
        // Only the fire level arms the timer: a value between the levels is not a crossing.
        guard signal == .beyondFire else { return nil }
        if policy.forDuration.nonNegativeSeconds == 0 {
            state = .firing(since: now, lastNotified: now)
            return .fired
        }
        state = .pending(since: now)
        return nil
    }

    /// For people and the CLI: "armed", "pending for 2m 5s (since …)", "firing for 1h (since …)",
    /// "cooling down for 4m more (until …)". Times are ISO 8601 in `timeZone`.
    public func stateDescription(now: Date, timeZone: TimeZone = .gmt) -> String {
        let style = Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: timeZone)
        switch state {
        case .armed:
            return "armed"
        case .pending(let since):
            return "pending for \(SpanText.short(seconds: now.timeIntervalSince(since))) (since \(since.formatted(style)))"
        case .firing(let since, let lastNotified):
            var text = "firing for \(SpanText.short(seconds: now.timeIntervalSince(since))) (since \(since.formatted(style))"
            if lastNotified != since {
                text += ", last notified \(lastNotified.formatted(style))"
            }
            return text + ")"
        case .coolingDown(let until):
            if now >= until { return "cooled down at \(until.formatted(style)), armed on the next reading" }
            return "cooling down for \(SpanText.short(seconds: until.timeIntervalSince(now))) more (until \(until.formatted(style)))"
        }
    }
}
