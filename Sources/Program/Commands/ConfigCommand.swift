import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine

package struct ConfigCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check the config file.",
        subcommands: [ConfigCheck.self, ConfigDefault.self]
    )
}

package struct ConfigCheck: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the config and print the configuration in effect (keys masked).",
        discussion: "Exit code 2 with the file, line and key when something is wrong."
    )

    @OptionGroup package var global: GlobalOptions

    package func run() throws {
        CostlyConfigChecks.enable()
        let context = try AppContext.load(global, asConfigCheck: true)
        if let file = context.configFile {
            let text = (try? ConfigFileReader.read(file)) ?? ""
            for feed in context.program.feeds.capable((any ConfigChecking).self) {
                if let error = feed.configCheckProblem(context.config, file: file, text: text) { throw UserError.config(error) }
            }
        }
        var text = "# config: \(context.configFile ?? "none found at \(ConfigLoader.defaultPath(environment: context.environment)); built-in defaults")\n"
        text += "# ok\n\n" + context.config.renderedTOML(context.program.schema)
        FileHandle.standardOutput.write(text: text)
    }
}

package struct ConfigDefault: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "default",
        abstract: "Print the fully commented default config, to start a config file from.",
        discussion: "notifier config default > ~/.config/notifier/config.toml"
    )

    package func run() throws {
        FileHandle.standardOutput.write(text: Program.current.schema.defaultText)
    }
}
