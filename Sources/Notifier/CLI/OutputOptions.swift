import ArgumentParser

/// What a view command's `--json` and `--plain` say in its help: each command's output is its own.
protocol OutputHelp {
    static var json: String { get }
    static var plain: String { get }
}

/// `--json` and `--plain`, declared once for the commands that print a view, data or a screen.
struct OutputOptions<Help: OutputHelp>: ParsableArguments {
    @Flag(help: ArgumentHelp(Help.json))
    var json = false

    @Flag(help: ArgumentHelp(Help.plain))
    var plain = false
}
