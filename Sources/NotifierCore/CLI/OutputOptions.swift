import ArgumentParser
import NotifierEngine

/// What a command's `--json` says in its help: each command's output is its own, "Print JSON."
/// unless it says more.
package protocol JSONHelp {
    static var json: String { get }
}

extension JSONHelp {
    package static var json: String { "Print JSON." }
}

/// What a view command's `--json` and `--plain` say in its help.
package protocol OutputHelp: JSONHelp {
    static var plain: String { get }
}

/// The help of the views that show one thing full-screen on a terminal.
package enum ViewHelp: OutputHelp {
    package static let plain = "Print the view even on a terminal, instead of opening it full-screen."
}

/// The help of the lists that open full-screen on a terminal.
package enum ListHelp: OutputHelp {
    package static let plain = "Print the list even on a terminal, instead of opening it full-screen."
}

/// The help of the status screens (the home screen, a feed's).
package enum StatusHelp: OutputHelp {
    package static let plain = "Print the status even on a terminal, instead of opening it full-screen."
}

/// `--json` alone, said as "Print JSON.".
package enum JSONOnlyHelp: JSONHelp {}

/// How a view command was asked to print: `--json`, `--plain` (false where it has no such flag).
package protocol PrintChoice {
    var json: Bool { get }
    var plain: Bool { get }
}

/// `--json` and `--plain`, declared once for the commands that print a view, data or a screen.
package struct OutputOptions<Help: OutputHelp>: ParsableArguments, PrintChoice {
    package init() {}

    @Flag(help: ArgumentHelp(Help.json))
    package var json = false

    @Flag(help: ArgumentHelp(Help.plain))
    package var plain = false
}

/// `--json` alone, for the commands with no screen: their text is plain already.
package struct JSONOption<Help: JSONHelp>: ParsableArguments, PrintChoice {
    package init() {}

    @Flag(help: ArgumentHelp(Help.json))
    package var json = false

    package var plain: Bool { false }
}
