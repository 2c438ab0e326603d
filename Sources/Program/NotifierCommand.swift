import ArgumentParser
import Foundation
import NotifierCore
import NotifierDelivery
import NotifierSystem

package struct NotifierCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "notifier",
        abstract:
            "Desktop notifications (and your phone, mail or a command) about your watches, reminders, calendars and subscriptions, crypto moves, holidays, forecast changes and countries.",
        discussion: """
            With no command, runs as a daemon until SIGINT or SIGTERM. Every notification links to a \
            detail view, such as `notifier open country KZ`.

            Config: $XDG_CONFIG_HOME/notifier/config.toml (see `notifier config check`).
            Store:  $XDG_STATE_HOME/notifier/notifier.sqlite.
            Exit codes: 0 success, 1 the work failed, 2 usage or config error.
            """,
        version: "notifier \(HTTPClient.version)",
        subcommands: Program.notifier.subcommands(own.map(\.command))
    )

    /// The program's own commands, in the order `--help` lists them (the feeds' placed among
    /// them); `AsyncDispatch` awaits the async ones.
    package static let own = [
        ProgramCommand(OpenCommand.self), ProgramCommand(OpenURLCommand.self), ProgramCommand(ListCommand.self),
        ProgramCommand(StatusCommand.self), ProgramCommand(HistoryCommand.self), ProgramCommand(WhyCommand.self),
        ProgramCommand(AckCommand.self), ProgramCommand(TestCommand.self), ProgramCommand(RulesCommand.self),
        ProgramCommand(MuteCommand.self), ProgramCommand(UnmuteCommand.self), ProgramCommand(ConfigCommand.self),
        ProgramCommand(InstallCommand.self), ProgramCommand(UninstallCommand.self), ProgramCommand(ChannelCommand.self),
    ]

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Poll every enabled feed once, deliver what is due, and exit.")
    var once = false

    @Option(help: "Where notifications go: desktop (falls back to terminal with no notification server), terminal or json (JSON Lines).")
    var output: OutputKind = .desktop

    @Option(help: ArgumentHelp("Seed the random choices, for repeatable runs.", valueName: "n"))
    var seed: UInt64?

    @Flag(help: "With --once: print what would be delivered and why; deliver nothing, change no stored state.")
    var dryRun = false

    @Option(
        name: .customLong("wait"),
        help: ArgumentHelp(
            "With --once: stay to serve clicks on its own bubbles until they close, at most this long (default \(WaitOption.defaultSeconds)). Not needed when a daemon runs: it takes the bubbles.",
            valueName: "seconds"))
    var waitSeconds: Int?

    package init() {}

    package func run() async throws {
        if let waitSeconds {
            guard once else { throw ValidationError("--wait goes with --once") }
            guard WaitOption.range.contains(waitSeconds) else { throw ValidationError("--wait takes 1 to \(WaitOption.range.upperBound) seconds") }
        }
        // Checked here, not in validate(): `install --dry-run` sets this command's flag too.
        if dryRun && !once { throw ValidationError("--dry-run goes with --once") }
        // The daemon, before it reads or prints anything: see Heap.
        if !once { Heap.restartWithoutThreadCaches() }
        CostlyConfigChecks.enable()
        let context = try AppContext.load(global)
        if !dryRun { Welcome(paths: context.paths, environment: context.environment, configFile: context.configFile).showIfDue() }
        let runner = Runner(context: context, output: output, seed: seed)
        if once && dryRun {
            await runner.dryRun()
        } else if once {
            let code = await runner.runOnce(wait: waitSeconds.map { .seconds($0) })
            if code != 0 { throw ExitCode(code) }
        } else {
            try await runner.runDaemon()
        }
    }
}

extension OutputKind: ExpressibleByArgument {}
