import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

package struct OpenForecast: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "A place's 7-day forecast: now, each day's low/high, rain, condition and gusts, a temperature chart.",
        discussion: """
            Works offline: it reads the last stored forecasts, marking what changed since the one before.
            Example: notifier open forecast Tallinn
            """
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: ArgumentHelp("A place from feeds.forecast.places, in any case; the first one if left out.", valueName: "PLACE"))
    package var place: String?

    @OptionGroup package var output: OutputOptions<Output>
    package enum Output: OutputHelp {
        package static let plain = "Print the forecast even on a terminal, instead of opening it full-screen."
    }

    package func show(context: AppContext) throws {
        let places = context.config.forecast.places
        let wanted = place.map { String($0.prefix(100)) }
        let slug = ForecastPlace.slug(wanted ?? places.first?.name ?? "")
        guard !slug.isEmpty else {
            throw UserError.invalidArgument(wanted == nil ? "no places in feeds.forecast.places" : "not a place name: '\(TextSanitizer.singleLine(wanted!))'")
        }
        let name = places.first { $0.slug.lowercased() == slug.lowercased() }?.name ?? wanted ?? slug
        if ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment),
            ForecastScreen.run(place: name, context: context)
        {
            return
        }
        let stored = (try? Store.openForReading(path: context.paths.storePath)?.forecasts(place: name, limit: 2)) ?? []
        guard let latest = stored.first else {
            let configured = places.map(\.name).joined(separator: ", ")
            let known = places.contains { $0.slug.lowercased() == slug.lowercased() }
            throw UserError.invalidArgument(
                known
                    ? "no forecast for \(TextSanitizer.singleLine(name)) yet: `notifier --once` or the daemon fetches it"
                    : "no forecast for '\(TextSanitizer.singleLine(name))'; configured places: \(configured.isEmpty ? "none" : configured)")
        }
        let view = ForecastView(latest: latest, previous: stored.dropFirst().first, now: context.now(), locale: .current)
        if json {
            try PrettyJSON.print(view.json)
        } else {
            FileHandle.standardOutput.write(text: TerminalStyle.terminalText(view.render(style: .forStandardOutput(environment: context.environment))))
        }
    }
}
