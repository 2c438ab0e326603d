import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier watch test NAME` and `notifier watch try URL SELECT`: fetch (or read) once, show
/// what the selector picks and what each condition would make of it; nothing is stored or sent.
package struct WatchCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Try a watch before trusting it: fetch once, print the selected values and what each condition would decide.",
        subcommands: [WatchTest.self, WatchTry.self]
    )
}

package struct WatchTest: AsyncParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Fetch one of your [[watches]] once (or read --file) and print what it selects and decides. Changes nothing.",
        discussion: "Exit status 1 when the fetch fails or the selector finds no value.\nExample: notifier watch test swift-stars"
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: ArgumentHelp("The watch's name.", valueName: "NAME"))
    package var name: String

    @Option(help: ArgumentHelp("Read the response from this file instead of fetching it.", valueName: "PATH"))
    package var file: String?

    package func run() async throws {
        CostlyConfigChecks.enable()
        let context = try AppContext.load(global)
        guard let watch = context.config.watches.first(where: { $0.name == name }) else {
            let names = context.config.watches.map(\.name).joined(separator: ", ")
            throw UserError.invalidArgument("no watch named '\(TextSanitizer.singleLine(String(name.prefix(64))))'; watches: \(names.isEmpty ? "none" : names)")
        }
        let store = Store.openForReading(path: context.paths.storePath)
        let ok = await WatchTrial(
            watch: watch, file: file, previous: try? store?.lastKnownWatchValue(watch.name),
            history: (try? store?.watchPolls(watch.name))?.compactMap { poll in poll.number.map { (poll.at, $0) } } ?? [],
            members: (try? store?.watchMembers(watch.name)) ?? [], now: context.now()
        ).run()
        if !ok { throw ExitCode(1) }
    }
}

package struct WatchTry: AsyncParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "try",
        abstract: "Fetch a URL once and print what a selector (jq, or a JSON Pointer) picks from it. Changes nothing.",
        discussion:
            "Exit status 1 when the fetch fails or the selector finds no value.\nExample: notifier watch try https://api.github.com/repos/swiftlang/swift .stargazers_count"
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: ArgumentHelp("An http(s) URL of JSON.", valueName: "URL"))
    package var url: String

    @Argument(help: ArgumentHelp("A jq selector such as .items[0].price, or a JSON Pointer such as /items/0/price.", valueName: "SELECT"))
    package var select: String

    @Option(help: "A level to check the value against, as `above` would.")
    package var above: Double?

    @Option(help: "A level to check the value against, as `below` would.")
    package var below: Double?

    @Option(help: "A regular expression to check the text against, as `matches` would.")
    package var matches: String?

    package func run() async throws {
        CostlyConfigChecks.enable()
        var watch = WatchSettings()
        watch.name = "try"
        watch.url = url
        watch.select = select
        watch.above = above
        watch.below = below
        watch.matches = matches
        var config = Config()
        config.watches = [watch]
        // The same checks as the config's, told as the arguments they are.
        for key in WatchSettings.keys where ["url", "select", "matches"].contains(key.name) {
            let value: String? = key.name == "url" ? url : key.name == "select" ? select : matches
            guard let value else { continue }
            var probe = WatchSettings()
            if let problem = key.apply(&probe, .string(value)) { throw UserError.invalidArgument("\(key.name.uppercased()) \(problem)") }
        }
        if let problem = SectionKey<WatchSettings>.compiledSelectorProblem(select) { throw UserError.invalidArgument("SELECT \(problem)") }
        if !(await WatchTrial(watch: watch, file: nil, previous: nil, history: [], members: [], now: TimeSource.system.now()).run()) { throw ExitCode(1) }
    }
}

/// One fetch and selection, printed.
package struct WatchTrial {
    package var watch: WatchSettings
    package var file: String?
    package var previous: WatchValue?
    package var history: [(at: Date, value: Double)]
    package var members: Set<String>
    package var now: Date

    package func run() async -> Bool {
        let kind: WatchObservation.Kind
        let status: String
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                print("cannot read \(TextSanitizer.singleLine(file))")
                return false
            }
            status = "read \(file)"
            guard let selector = try? WatchSelector(watch.select) else { return false }
            switch await selector.select(data) {
            case .values(let values): kind = .selected(values)
            case .failed(let message): kind = .noValue("jq: \(message)")
            case .stopped(let why): kind = .noValue("the selector \(why)")
            case .notJSON(let message): kind = .noValue(message.hasPrefix("Exceeds depth limit") ? "nested too deep (jq: \(message))" : "not JSON: \(message)")
            }
        } else {
            let observation = await WatchPoller(watch: watch, http: HTTPClient()).poll()
            kind = observation.kind
            status = observation.status
        }
        var lines = ["\(watch.name): \(watch.sourceText) → \(status)"]
        var values: [WatchValue] = []
        switch kind {
        case .failed(let error):
            lines.append("  the fetch failed: \(error.cause)")
        case .noValue(let why):
            lines.append("  \(watch.select) → no value: \(why)")
        case .selected(let selected):
            values = selected
            if selected.isEmpty { lines.append("  \(watch.select) → no value: matched nothing") }
            for value in selected.prefix(50) { lines.append("  \(watch.select) → \(WatchRule.clipped(value.shown)) (\(Self.kind(value)))") }
            if selected.count > 50 { lines.append("  … and \(selected.count - 50) more") }
        }
        let rule = watch.rule
        let poll = WatchRule.Poll(
            values: values, previous: previous, history: history,
            newMembers: values.filter { !members.contains($0.canonicalJSON) })
        let usable = poll.value.map { !rule.conditions.needsNumber || $0.number != nil } ?? false
        for reading in rule.readings(poll, now: now) {
            // The condition ("above"), not the subject's key ("try:above"): the name is the line above.
            let prefix = watch.name + ":"
            let condition = reading.key.subject.hasPrefix(prefix) ? String(reading.key.subject.dropFirst(prefix.count)) : reading.key.subject
            lines.append("  \(condition): " + Self.meaning(reading.signal) + (reading.level.map { " (level \($0))" } ?? ""))
        }
        if rule.conditions.isEmpty { lines.append("  no conditions: it would store the value and tell nothing") }
        print(TextSanitizer.printable(lines.joined(separator: "\n")))
        return usable || (rule.conditions.appears && !values.isEmpty)
    }

    package static func kind(_ value: WatchValue) -> String {
        switch value {
        case .number: return "number"
        case .text: return "text"
        case .bool: return "true or false: no value for a level"
        case .null: return "null: no value"
        case .json: return "array or object"
        }
    }

    package static func meaning(_ signal: Threshold.Signal?) -> String {
        switch signal {
        case .beyondFire?: return "holds — fires when it comes to hold (a crossing, a change), not for a value first seen there"
        case .between?: return "between the level and its rearm — changes nothing"
        case .rearmed?: return "does not hold — armed"
        case nil: return "no value — decides nothing"
        }
    }
}
