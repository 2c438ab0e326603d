import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Starts the interactive week: the data source, and the first day of the week remembered
/// in the state directory (`$XDG_STATE_HOME/notifier/week-first-day`).
package enum WeekScreen {
    package static func rememberedFile(_ paths: XDGPaths) -> String { paths.stateHome + "/notifier/week-first-day" }

    package static func remembered(_ paths: XDGPaths) -> WeekModel.FirstDay? {
        (try? String(contentsOfFile: rememberedFile(paths), encoding: .utf8))
            .flatMap { WeekModel.FirstDay(rawValue: $0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    package static func remember(_ firstDay: WeekModel.FirstDay, paths: XDGPaths) {
        let file = rememberedFile(paths)
        try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? Data((firstDay.rawValue + "\n").utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
    }

    /// `firstDay`: `--first-day`, which wins over the remembered choice and the config.
    package static func run(anchor: CivilDate?, firstDay: String?, context: AppContext) -> Bool {
        let now = context.now()
        let chosen =
            firstDay.flatMap(WeekModel.FirstDay.init(rawValue:)) ?? remembered(context.paths)
            ?? WeekModel.FirstDay(rawValue: context.config.views.weekFirstDay) ?? .monday
        let paths = context.paths
        var model = WeekModel(
            today: UpcomingHolidayRule.today(now), anchor: anchor, firstDay: chosen,
            load: { start, end in
                switch await HolidayView.holidays(from: start, through: end, context: context, now: context.now()) {
                case .success(let holidays): return .holidays(holidays)
                case .failure(let error): return .failed("\(error)")
                }
            },
            remember: { remember($0, paths: paths) })
        if let events = context.program.weekEvents, events.hasEvents(context.config) {
            let config = context.config
            let logger = context.logger
            let time = context.time
            model.loadEvents = { start, end in .events(events.byDay(config: config, from: start, through: end, logger: logger, now: time.now())) }
        }
        if let anchor { model.marked = marked(anchor: anchor, store: Store.openForReading(path: paths.storePath), now: now) }
        return ScreenRunner.run(model, context: context)
    }

    /// A group of holiday reminders links to the week of its first date: the days of the newest
    /// such notification of the last hour are the ones the person clicked for. Its key lists
    /// each reminder as `DATE@lead/kind/name`.
    package static func marked(anchor: CivilDate, store: Store?, now: Date) -> (days: Set<CivilDate>, note: String)? {
        let link = DeepLink.week(anchor).command
        guard let group = ((try? store?.history(limit: 20)) ?? []).first(where: { $0.deepLink == link }),
            now.timeIntervalSince(group.deliveredAt) < 3600
        else { return nil }
        let days = group.key.split(separator: ",").compactMap { CivilDate(string: String($0.prefix { $0 != "@" })) }
        guard !days.isEmpty else { return nil }
        return (
            Set(days),
            "the days of the notification \(RelativeTime.describe(group.deliveredAt, now: now)): "
                + days.map(\.description).joined(separator: ", ")
        )
    }
}
