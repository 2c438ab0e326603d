import ArgumentParser

/// Runs a parsed command, awaiting those that are async. The casts name the async commands
/// themselves, not `any AsyncParsableCommand`: an existential cast scans every protocol
/// conformance in the binary, milliseconds a detail view should not pay. The one place that
/// lists them, for `main` and for `open-url`.
enum AsyncDispatch {
    static func run(_ command: any ParsableCommand) async throws {
        switch command {
        case let root as NotifierCommand: try await root.run()
        case let holiday as OpenHoliday: try await holiday.run()
        case let week as OpenWeek: try await week.run()
        case let openURL as OpenURLCommand: try await openURL.run()
        default:
            var synchronous = command
            try synchronous.run()
        }
    }
}
