import ArgumentParser
import Foundation

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check the config file.",
        subcommands: [ConfigCheck.self, ConfigDefault.self]
    )
}

struct ConfigCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the config and print the configuration in effect (keys masked).",
        discussion: "Exit code 2 with the file, line and key when something is wrong."
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        CostlyConfigChecks.enable()
        let context = try AppContext.load(global, asConfigCheck: true)
        if let file = context.configFile,
            let error = context.config.calendars.unreachablePathError(file: file, text: (try? ConfigFileReader.read(file)) ?? "", home: XDGPaths.home)
        {
            throw UserError.config(error)
        }
        var text = "# config: \(context.configFile ?? "none found at \(ConfigLoader.defaultPath(environment: context.environment)); built-in defaults")\n"
        text += "# ok\n\n" + context.config.renderedTOML()
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

struct ConfigDefault: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "default",
        abstract: "Print the fully commented default config, to start a config file from.",
        discussion: "notifier config default > ~/.config/notifier/config.toml"
    )

    func run() throws {
        FileHandle.standardOutput.write(Data(DefaultConfig.text.utf8))
    }
}
