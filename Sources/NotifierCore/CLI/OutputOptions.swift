import ArgumentParser
import NotifierEngine

/// What a command's `--json` says in its help: each command's output is its own.
package protocol JSONHelp {
    static var json: String { get }
}

/// What a view command's `--json` and `--plain` say in its help.
package protocol OutputHelp: JSONHelp {
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

/// `--json` alone, for the commands with no screen: their text is plain already.
package struct JSONOption<Help: JSONHelp>: ParsableArguments {
    package init() {}

    @Flag(help: ArgumentHelp(Help.json))
    package var json = false
}
