import Feeds
import Foundation
import Rules

/// Starts the interactive week: the data source, and the first day of the week remembered
/// in the state directory (`$XDG_STATE_HOME/notifier/week-first-day`).
enum WeekScreen {
    static func rememberedFile(_ paths: XDGPaths) -> String { paths.stateHome + "/notifier/week-first-day" }

    static func remembered(_ paths: XDGPaths) -> WeekModel.FirstDay? {
        (try? String(contentsOfFile: rememberedFile(paths), encoding: .utf8))
            .flatMap { WeekModel.FirstDay(rawValue: $0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    static func remember(_ firstDay: WeekModel.FirstDay, paths: XDGPaths) {
        let file = rememberedFile(paths)
        try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? Data((firstDay.rawValue + "\n").utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
    }

    /// `firstDay`: `--first-day`, which wins over the remembered choice and the config.
    static func run(anchor: HolidayDate?, firstDay: String?, context: AppContext) -> Bool {
        let now = Date()
        let chosen = firstDay.flatMap(WeekModel.FirstDay.init(rawValue:)) ?? remembered(context.paths)
            ?? WeekModel.FirstDay(rawValue: context.config.views.weekFirstDay) ?? .monday
        let store = context.config.holidays.source == .remote ? (try? context.openStore()) : nil
        let source = HolidaySource(config: context.config, store: store, http: HTTPClient())
        let paths = context.paths
        let model = WeekModel(
            today: UpcomingHolidayRule.today(now), anchor: anchor, firstDay: chosen,
            load: { start, end in
                switch await source.holidays(from: start, through: end, now: Date()) {
                case .success(let holidays): return .holidays(holidays)
                case .failure(let error): return .failed("\(error)")
                }
            },
            remember: { remember($0, paths: paths) })
        return ScreenRunner.run(model, environment: context.environment)
    }
}
