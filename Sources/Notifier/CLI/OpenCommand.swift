import ArgumentParser
import Feeds
import Foundation

struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Show a detail view; notifications link here.",
        subcommands: [OpenCountry.self]
    )
}

struct OpenCountry: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "country",
        abstract: "One country: names, capital, region, population, area, currencies, languages, borders.",
        discussion: "Works offline: it reads the embedded data set or the last fetched snapshot.\nExample: notifier open country KZ"
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("A two- or three-letter code or a name, in any case.", valueName: "CCA2|CCA3|name"))
    var query: String

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        try Self.show(query, json: json, context: AppContext.load(global))
    }

    static func show(_ query: String, json: Bool, context: AppContext) throws {
        let data = CountryData.current(config: context.config, paths: context.paths)
        guard query.count <= 100, let country = data.catalog.find(query) else {
            let shown = String(TextSanitizer.singleLine(query).prefix(100))
            let suggestions = data.catalog.suggestions(for: shown)
            let hint = suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?"
            throw UserError.invalidArgument("unknown country '\(shown)'\(hint)")
        }
        let view = CountryDetailView(country: country, data: data, locale: .current, now: Date())
        let text = json ? try view.renderJSON() : view.render(style: .forStandardOutput(environment: context.environment))
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// Clicks open detail views, so their start-up is the program's hot path, and a third of it
/// went to argument-parser building its command tree by reflection. The plain forms of
/// `open country` are recognised here first; anything else (options, help, typos) goes through
/// the parser, which gives the same result for these forms.
enum DetailViewFastPath {
    static func run(_ arguments: [String]) throws -> Bool {
        guard arguments.count == 3 || (arguments.count == 4 && arguments[3] == "--json"),
              arguments[0] == "open", arguments[1] == "country", !arguments[2].hasPrefix("-")
        else { return false }
        try OpenCountry.show(arguments[2], json: arguments.count == 4, context: AppContext.load(configPath: nil))
        return true
    }
}
