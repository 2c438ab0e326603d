import Foundation
import NotifierEngine

/// A key as the views see it; the shell decodes ncurses' codes into these.
package enum Key: Sendable, Equatable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, backspace, escape, tab
    /// Ctrl-C: the terminal is in raw mode, so it arrives as a key, not as SIGINT.
    case interrupt
}

/// What a view asks its shell to do; the shell does it and may answer with a `ViewEvent`.
package enum ViewEffect: Sendable {
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
package struct ViewTask: Sendable {
    package let name: String
    package let work: @Sendable () async -> any Sendable
    package init(name: String, work: @escaping @Sendable () async -> any Sendable) {
        self.name = name
        self.work = work
    }
}

package enum ViewEvent: Sendable {
    case key(Key)
    /// Sent about four times a second: the views with timers decide with `now` alone.
    case tick(Date)
    case finished(name: String, result: any Sendable)
}

/// A key and what it does, for the footer and the `?` help.
package struct KeyHelp: Sendable, Equatable {
    package let keys: String
    package let action: String
    /// Shown in the footer too, not only in the help.
    package var inFooter = true

    package init(keys: String, action: String, inFooter: Bool = true) {
        self.keys = keys
        self.action = action
        self.inFooter = inFooter
    }
}

/// What a view shows at a given size: a title row, the body, an optional status row, and the
/// footer's keys. `focus` is the body row to keep in view while scrolling.
package struct ScreenFrame: Sendable, Equatable {
    package var title: StyledLine
    package var body: [StyledLine]
    package var focus: Int?
    package var status: StyledLine?
    package var keys: [KeyHelp]
    package init(title: StyledLine, body: [StyledLine], focus: Int? = nil, status: StyledLine? = nil, keys: [KeyHelp]) {
        self.title = title
        self.body = body
        self.focus = focus
        self.status = status
        self.keys = keys
    }
}

/// A pure view model: events in, a new state and effects out. Drawing is the shell's job.
package protocol ScreenModel: Sendable {
    func frame(width: Int, height: Int, now: Date) -> ScreenFrame
    mutating func handle(_ event: ViewEvent) -> [ViewEffect]
    /// True while the view reads typed text (a filter, a place name): then `q`, `?` and
    /// Backspace are text, and Escape is the view's to handle.
    var isTyping: Bool { get }
    /// What to do as the view first shows (load its data).
    mutating func appear() -> [ViewEffect]
}

extension ScreenModel {
    package var isTyping: Bool { false }
    package mutating func appear() -> [ViewEffect] { [] }
}
