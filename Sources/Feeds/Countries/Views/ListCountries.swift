import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

package struct ListCountries: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "countries",
        abstract: "Countries grouped by continent, with capital, population and area."
    )

    @OptionGroup package var global: GlobalOptions

    @Option(help: "Only this region, subregion or continent (e.g. Europe, \"Central Asia\").")
    package var region: String?

    @Option(help: "Order within each continent: name, population or area.")
    package var sort: CountryListView.Sort = .name

    @OptionGroup package var output: OutputOptions<Output>
    package enum Output: OutputHelp {
        package static let json = "Print the countries, the data's source and date as JSON."
        package static let plain = "Print the list even on a terminal, instead of opening it full-screen."
    }

    package struct JSONView: Encodable {
        package struct Row: Encodable {
            package var cca2, cca3, commonName: String
            package var capital: String?
            package var continent: String
            package var population: Int
            package var area: Double?
        }
        package var source: String
        package var dataDate: String
        package var fetchedAt: String?
        package var countries: [Row]
    }

    package func show(context: AppContext) throws {
        let data = CountryData.current(config: context.config, paths: context.paths)
        if json {
            let wanted = region?.lowercased()
            let rows = CountryListView.sorted(data.catalog.all(), by: sort).filter { country in
                guard let wanted else { return true }
                return country.region.lowercased() == wanted || country.subregion?.lowercased() == wanted
                    || country.continents.contains { $0.lowercased() == wanted }
            }.map {
                JSONView.Row(
                    cca2: $0.cca2, cca3: $0.cca3, commonName: $0.commonName, capital: $0.capitals.first,
                    continent: $0.continents.first ?? $0.region, population: $0.population, area: $0.area)
            }
            try PrettyJSON.print(
                JSONView(source: data.origin, dataDate: data.dataDate, fetchedAt: data.fetchedAt.map { RelativeTime.iso($0) }, countries: rows))
            return
        }
        if region == nil, ScreenRunner.isInteractive(plain: plain, json: false, environment: context.environment),
            ScreenRunner.run(
                CountryListModel(countries: data.catalog.all(), sort: sort, data: data, locale: .current, now: context.now()),
                context: context)
        {
            return
        }
        let view = CountryListView(countries: data.catalog.all(), locale: .current)
        let style = TerminalStyle.forStandardOutput(environment: context.environment)
        let text = view.render(region: region, sort: sort, style: style) + "\n" + style.dim(TextSanitizer.printable(data.sourceLine)) + "\n"
        FileHandle.standardOutput.write(text: TerminalStyle.terminalText(text))
    }
}

extension CountryListView.Sort: ExpressibleByArgument {}
