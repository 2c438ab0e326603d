import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `[[watches]]`: a source of the user's own (a JSON endpoint or a local command), a selector,
/// its schedule and the conditions the engine tells about.
package struct WatchSettings: ConfigEntry {
    package init() {}

    package static let array = "watches"
    package static let required = ["select"]
    package static let rule: String? = WatchRule.id

    package var name = ""
    package var enabled = true
    package var url = ""
    package var command: [String] = []
    package var select = ""
    package var interval = Duration.seconds(15 * 60)
    package var headers: [String: String] = [:]
    package var above: Double?
    package var below: Double?
    package var rearm: Double?
    package var rearmPercent = WatchConditions.defaultRearmPercent
    package var change = false
    package var changePercent: Double?
    package var window: Duration?
    package var matches: String?
    package var appears = false
    package var forDuration = Duration.zero
    package var title = ""
    package var cooldown = Duration.zero
    package var repeatInterval: Duration?
    package var notifyResolved = false
    package var urgency = Urgency.normal
    package var flap: FlapPolicy?
    /// `[[channels]]` its alerts always go to as well.
    package var channels: [String] = []
    /// Not a key: the bounds of one run of the selector. A selector that never ends costs the
    /// CPU bound (whole seconds, the kernel's) each poll; tests stop it sooner by the wall bound.
    package var selectorLimits = WatchSelector.Limits()

    package static let keys: [SectionKey<WatchSettings>] = [
        .string("name", \.name),
        .bool("enabled", \.enabled),
        .httpURL("url", \.url),
        .argv("command", \.command),
        .channelNames("channels", \.channels, omitEmpty: true),
        .selector("select", \.select),
        .duration("interval", \.interval, atLeast: .seconds(10)),
        .headers("headers", \.headers),
        .optionalNumber("above", \.above),
        .optionalNumber("below", \.below),
        .optionalNumber("rearm", \.rearm),
        .number("rearm_percent", \.rearmPercent, in: 0...100),
        .bool("change", \.change),
        .optionalNumber("change_percent", \.changePercent),
        .unsetDuration("window", \.window),
        .pattern("matches", \.matches),
        .bool("appears", \.appears),
        .duration("for", \.forDuration, atLeast: .zero),
        .template("title", \.title, fields: WatchRule.titleFields),
        .duration("cooldown", \.cooldown, atLeast: .zero),
        .optionalDuration("repeat", \.repeatInterval),
        .bool("notify_resolved", \.notifyResolved),
        .choice("urgency", \.urgency),
        .flap("flap", \.flap),
    ]

    package func check() -> (key: String, message: String)? {
        if url.isEmpty == command.isEmpty {
            return ("url", url.isEmpty ? "or command is needed: where the value comes from" : "and command are both set; a watch has one source")
        }
        if !command.isEmpty, !headers.isEmpty { return ("headers", "are for url; a command has none") }
        if let rearm {
            guard (above == nil) != (below == nil) else { return ("rearm", "needs exactly one of above and below, the level it re-arms") }
            if let above, rearm > above { return ("rearm", "must be at or below above = \(above.shortText) for an above level, got \(rearm.shortText)") }
            if let below, rearm < below { return ("rearm", "must be at or above below = \(below.shortText) for a below level, got \(rearm.shortText)") }
        }
        if let changePercent {
            guard changePercent > 0 else { return ("change_percent", "must be more than 0, got \(changePercent.shortText)") }
            guard window != nil else { return ("window", "is needed with change_percent: the span the move is measured within, such as \"1h\"") }
        } else if window != nil {
            return ("window", "is for change_percent, which is not set")
        }
        // A watch that is off needs its selector compiled no sooner than its secrets resolved.
        if enabled, let problem = SectionKey<WatchSettings>.compiledSelectorProblem(select) { return ("select", problem) }
        return nil
    }

    package func unresolvedSecret() -> (key: String, message: String)? {
        // A watch that is off needs none of its secrets yet.
        guard enabled else { return nil }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            if case .failure(let problem) = SecretReference.resolve(value) { return ("headers", "\(name) \(problem.message)") }
        }
        if case .failure(let problem) = SecretReference.resolve(url) { return ("url", problem.message) }
        return nil
    }

    package func advice() -> (key: String?, message: String)? {
        guard conditions.isEmpty else { return nil }
        return (nil, "(\(name)) has no condition (above, below, change, change_percent, matches, appears): it would store the value and tell nothing")
    }

    package var conditions: WatchConditions {
        var conditions = WatchConditions()
        conditions.above = above
        conditions.below = below
        conditions.rearm = rearm
        conditions.rearmPercent = rearmPercent
        conditions.change = change
        conditions.changePercent = changePercent
        conditions.window = window
        conditions.matches = matches
        conditions.appears = appears
        return conditions
    }

    /// Where the value comes from, as the user reads it (references, never secrets).
    package var sourceText: String {
        url.isEmpty ? command.joined(separator: " ") : Redaction.maskSecrets(in: url)
    }

    package var rule: WatchRule {
        WatchRule(
            name: name, selector: select, source: sourceText, title: title, urgency: urgency,
            policy: AlertPolicy(
                forDuration: forDuration, cooldown: cooldown, repeatInterval: repeatInterval,
                notifyWhenResolved: notifyResolved, flap: flap),
            conditions: conditions)
    }

    /// Files named by `${file:…}` that others can read.
    package var exposedSecretFiles: [String] {
        (headers.values.sorted() + [url]).flatMap(SecretReference.exposedFiles)
    }

    /// The example of `config default`: off until the user turns it on.
    package static let example: WatchSettings = {
        var watch = WatchSettings()
        watch.name = "swift-stars"
        watch.enabled = false
        watch.url = "https://api.github.com/repos/swiftlang/swift"
        watch.select = ".stargazers_count"
        watch.interval = .seconds(15 * 60)
        watch.above = 70_000
        watch.title = "Swift has {value} stars"
        return watch
    }()

    package static let defaults: [WatchSettings] = [example]

    package static let documented = #"""
        [[watches]]
        # Your own watches: any JSON endpoint (url) or local command (command = ["sensors", "-j"], run
        # as is, never through a shell), a selector and conditions, told as the built-in rules are.
        # Add one [[watches]] block per watch; `notifier watch try URL SELECT` tries one first.
        #   select: jq (".items[0].price", ".[].tag_name") or a JSON Pointer ("/items/0/price").
        #   headers = { Authorization = "Bearer ${env:GITHUB_TOKEN}" }: secrets by reference,
        #     ${env:NAME} or ${file:PATH}, never written here.
        #   Conditions, any of: above / below (re-armed rearm_percent = 5 % of the level back, so a
        #     value hovering at it is told once; or at rearm = N), change = true,
        #     change_percent = 5 with window = "1h", matches = "^v6\\.", appears = true;
        #     for = "10m" (how long it must hold), cooldown, repeat, notify_resolved, urgency, flap.
        #   title: {name} {value} {previous} {url}; "" for the built-in title.
        # Its view: notifier open watch swift-stars.
        name = "swift-stars"
        enabled = false
        url = "https://api.github.com/repos/swiftlang/swift"
        select = ".stargazers_count"
        interval = "15m"
        above = 70000
        title = "Swift has {value} stars"
        """#
}
