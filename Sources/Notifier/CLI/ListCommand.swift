import ArgumentParser
import Foundation

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List what a feed knows.",
        subcommands: [ListCountries.self]
    )
}

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

    func run() throws {
        let context = try AppContext.load(global)
        let data = CountryData.current(config: context.config, paths: context.paths)
        let view = CountryListView(countries: data.catalog.all(), locale: .current)
        let text = view.render(region: region, sort: sort, style: .forStandardOutput(environment: context.environment))
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

extension CountryListView.Sort: ExpressibleByArgument {}
