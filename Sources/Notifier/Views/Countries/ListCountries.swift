import ArgumentParser
import Foundation

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

    @OptionGroup var output: OutputOptions<Output>
    enum Output: OutputHelp {
        static let json = "Print the countries, the data's source and date as JSON."
        static let plain = "Print the list even on a terminal, instead of opening it full-screen."
    }
    var json: Bool { output.json }
    var plain: Bool { output.plain }

    struct JSONView: Encodable {
        struct Row: Encodable {
            var cca2, cca3, commonName: String
            var capital: String?
            var continent: String
            var population: Int
            var area: Double?
        }
        var source: String
        var dataDate: String
        var fetchedAt: String?
        var countries: [Row]
    }

    func run() throws {
        let context = try AppContext.load(global)
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
            try PrettyJSON.print(JSONView(source: data.origin, dataDate: data.dataDate, fetchedAt: data.fetchedAt?.formatted(.iso8601), countries: rows))
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
        FileHandle.standardOutput.write(Data(TerminalStyle.terminalText(text).utf8))
    }
}

extension CountryListView.Sort: ExpressibleByArgument {}
