import ArgumentParser
import NotifierEngine

/// What a view command's `--json` and `--plain` say in its help: each command's output is its own.
package protocol OutputHelp {
    static var json: String { get }
    static var plain: String { get }
}

/// `--json` and `--plain`, declared once for the commands that print a view, data or a screen.
package struct OutputOptions<Help: OutputHelp>: ParsableArguments {
    package init() {}

    @Flag(help: ArgumentHelp(Help.json))
    package var json = false

    @Flag(help: ArgumentHelp(Help.plain))
    package var plain = false
}
