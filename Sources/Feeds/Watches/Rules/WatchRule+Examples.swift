import Foundation
import NotifierEngine

extension WatchRule {
    /// Each poll's values (nil: no value), through one engine, 5 minutes apart.
    static func run(_ polls: [[WatchValue]?], conditions: WatchConditions, policy: AlertPolicy = AlertPolicy()) -> [Alert] {
        let rule = WatchRule(name: "stars", selector: ".stars", policy: policy, conditions: conditions)
        var engine = RuleEngine()
        var alerts: [Alert] = []
        var previous: WatchValue?
        var seen: Set<WatchValue> = []
        var history: [(at: Date, value: Double)] = []
        for (index, values) in polls.enumerated() {
            let now = Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 300)
            let anchors = Dictionary(uniqueKeysWithValues: engine.records.compactMap { key, record in record.anchor.map { (key.subject, $0) } })
            let fresh = index == 0 ? [] : (values ?? []).filter { !seen.contains($0) }
            let poll = Poll(values: values ?? [], previous: previous, anchors: anchors, history: history, newMembers: fresh)
            alerts += engine.evaluate(rule.readings(poll, now: now), now: now).alerts
            seen.formUnion(values ?? [])
            if let value = poll.value {
                previous = value
                if let number = value.number { history.append((now, number)) }
            }
        }
        return alerts
    }

    private static func conditions(_ change: (inout WatchConditions) -> Void) -> WatchConditions {
        var conditions = WatchConditions()
        change(&conditions)
        return conditions
    }

    public static let examples: [RuleExample] = [
        RuleExample(
            "a level crossed once",
            .fires { alerts in
                alerts.map(\.title) == ["stars rose above 70000: 70100"] && alerts[0].deepLink.command == "notifier open watch stars"
            }
        ) { run([[.number(69_900)], [.number(70_100)], [.number(70_200)]], conditions: conditions { $0.above = 70_000 }) },
        RuleExample("no value between is no crossing", .staysSilent) {
            run([[.number(70_100)], nil, [.null], [.text("n/a")], [.number(70_100)]], conditions: conditions { $0.above = 70_000 })
        },
        RuleExample("a crossing across a gap of no value", .fires { $0.count == 1 }) {
            run([[.number(69_000)], nil, [], [.number(70_100)]], conditions: conditions { $0.above = 70_000 })
        },
        RuleExample("hysteresis: a dip above rearm does not re-arm", .fires { $0.count == 1 }) {
            run(
                [[.number(99)], [.number(101)], [.number(98)], [.number(101)]],
                conditions: conditions {
                    $0.above = 100
                    $0.rearm = 95
                })
        },
        RuleExample("a value hovering at a level is told once", .fires { $0.map(\.title) == ["stars rose above 50: 51"] }) {
            run([[.number(49)], [.number(51)], [.number(49)], [.number(51)], [.number(49)], [.number(51)]], conditions: conditions { $0.above = 50 })
        },
        RuleExample("a level re-arms 5 % back from it", .fires { $0.count == 2 }) {
            run([[.number(49)], [.number(51)], [.number(47)], [.number(51)]], conditions: conditions { $0.above = 50 })
        },
        RuleExample("every change, not the first value", .fires { $0.map(\.title) == ["stars changed: a → b", "stars changed: b → c"] }) {
            run([[.text("a")], [.text("a")], [.text("b")], [.text("b")], nil, [.text("c")]], conditions: conditions { $0.change = true })
        },
        RuleExample("a change to no value is no change", .staysSilent) {
            run([[.number(1)], [], [.null], [.number(1)]], conditions: conditions { $0.change = true })
        },
        RuleExample("a move within the window", .fires { $0.map(\.title) == ["stars +10 % within 1 h: 110"] }) {
            run(
                [[.number(100)], [.number(104)], [.number(110)]],
                conditions: conditions {
                    $0.changePercent = 8
                    $0.window = .seconds(3600)
                })
        },
        RuleExample("each new member once", .fires { $0.map(\.title) == ["stars: new v2", "stars: new v3"] }) {
            run(
                [[.text("v1")], [.text("v1"), .text("v2")], [.text("v1"), .text("v2")], [.text("v3"), .text("v2")]],
                conditions: conditions { $0.appears = true })
        },
        RuleExample("a text that starts matching", .fires { $0.map(\.title) == ["stars: v6.0"] }) {
            run([[.text("v5.9")], [.text("v6.0")], [.text("v6.1")]], conditions: conditions { $0.matches = "^v6\\." })
        },
    ]
}
