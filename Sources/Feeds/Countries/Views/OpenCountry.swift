import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

package struct OpenCountry: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "country",
        abstract: "One country: names, capital, region, population, area, currencies, languages, borders.",
        discussion: "Works offline: it reads the embedded data set or the last fetched snapshot.\nExample: notifier open country KZ"
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: ArgumentHelp("A two- or three-letter code or a name, in any case.", valueName: "CCA2|CCA3|name"))
    package var query: String

    @OptionGroup package var output: OutputOptions<ViewHelp>

    package func show(context: AppContext) throws {
        try Self.show(query, json: json, plain: plain, context: context)
    }

    package static func show(_ query: String, json: Bool, plain: Bool = false, context: AppContext) throws {
        let data = CountryData.current(config: context.config, paths: context.paths)
        guard query.count <= 100, let country = data.catalog.find(query) else {
            let shown = String(TextSanitizer.singleLine(query).prefix(100))
            let suggestions = data.catalog.suggestions(for: shown)
            let hint = suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?"
            throw UserError.invalidArgument("unknown country '\(shown)'\(hint)")
        }
        if ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment),
            ScreenRunner.run(CountryDetailModel(country: country, data: data, locale: .current, now: context.now()), context: context)
        {
            return
        }
        let view = CountryDetailView(country: country, data: data, locale: .current, now: context.now())
        let text = json ? try view.renderJSON() : view.render(style: .forStandardOutput(environment: context.environment))
        FileHandle.standardOutput.write(text: TerminalStyle.terminalText(text))
    }
}
