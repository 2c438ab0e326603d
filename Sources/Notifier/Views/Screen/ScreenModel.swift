import Foundation

/// A key as the views see it; the shell decodes ncurses' codes into these.
enum Key: Sendable, Equatable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, backspace, escape, tab
    /// Ctrl-C: the terminal is in raw mode, so it arrives as a key, not as SIGINT.
    case interrupt
}

/// What a view asks its shell to do; the shell does it and may answer with a `ViewEvent`.
enum ViewEffect: Sendable {
    case quit
    /// Back to the previous view (Backspace); quits from the first one.
    case back
    case push(any ScreenModel)
    /// Opened with `xdg-open` as an argv, never through a shell.
    case openURL(String)
    /// Starts work off the screen thread; its answer comes back as `.finished`.
    case start(ViewTask)
    /// Runs another view of this program in the same terminal (`open-url LINK`, `why RULE`),
    /// as an argv after the program's own path, and comes back when it closes: any view a link
    /// names opens from a list without this view knowing how to build it.
    case runProgram([String])
}

/// Slow work a view needs, named so that tests can see which was asked for.
struct ViewTask: Sendable {
    let name: String
    let work: @Sendable () async -> any Sendable
}

enum ViewEvent: Sendable {
    case key(Key)
    /// Sent about four times a second: the views with timers decide with `now` alone.
    case tick(Date)
    case finished(name: String, result: any Sendable)
}

/// A key and what it does, for the footer and the `?` help.
struct KeyHelp: Sendable, Equatable {
    let keys: String
    let action: String
    /// Shown in the footer too, not only in the help.
    var inFooter = true
}

/// What a view shows at a given size: a title row, the body, an optional status row, and the
/// footer's keys. `focus` is the body row to keep in view while scrolling.
struct ScreenFrame: Sendable, Equatable {
    var title: StyledLine
    var body: [StyledLine]
    var focus: Int?
    var status: StyledLine?
    var keys: [KeyHelp]
}

/// A pure view model: events in, a new state and effects out. Drawing is the shell's job.
protocol ScreenModel: Sendable {
    func frame(width: Int, height: Int, now: Date) -> ScreenFrame
    mutating func handle(_ event: ViewEvent) -> [ViewEffect]
    /// True while the view reads typed text (a filter, a place name): then `q`, `?` and
    /// Backspace are text, and Escape is the view's to handle.
    var isTyping: Bool { get }
    /// What to do as the view first shows (load its data).
    mutating func appear() -> [ViewEffect]
}

extension ScreenModel {
    var isTyping: Bool { false }
    mutating func appear() -> [ViewEffect] { [] }
}
