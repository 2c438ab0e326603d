import ArgumentParser
import Feeds
import Foundation
import Rules

struct ListCountries: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "countries",
        abstract: "Countries grouped by continent, with capital, population and area."
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "Only this region, subregion or continent (e.g. Europe, \"Central Asia\").")
    var region: String?

    @Option(help: "Order within each continent: name, population or area.")
    var sort: CountryListView.Sort = .name

    @Flag(help: "Print the list even on a terminal, instead of opening it full-screen.")
    var plain = false

    func run() throws {
        let context = try AppContext.load(global)
        let data = CountryData.current(config: context.config, paths: context.paths)
        if region == nil, ScreenRunner.isInteractive(plain: plain, json: false, environment: context.environment),
           ScreenRunner.run(CountryListModel(countries: data.catalog.all(), sort: sort, data: data, locale: .current, now: Date()),
                            environment: context.environment) {
            return
        }
        let view = CountryListView(countries: data.catalog.all(), locale: .current)
        let text = view.render(region: region, sort: sort, style: .forStandardOutput(environment: context.environment))
        FileHandle.standardOutput.write(Data(TerminalStyle.terminalText(text).utf8))
    }
}

extension CountryListView.Sort: ExpressibleByArgument {}
