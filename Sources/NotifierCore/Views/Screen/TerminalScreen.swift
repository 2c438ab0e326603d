import CNcurses
import Foundation
import NotifierEngine
import Synchronization

/// Set by SIGTERM, SIGINT and SIGHUP; the screen loop sees it within one read timeout and
/// leaves through the same path as `q`, so the terminal is restored.
package let screenTerminationRequested = Atomic<Bool>(false)

/// ncursesw, and nothing else of C: the alternate screen, attributes, keys. All calls come from
/// the screen loop's thread.
package final class TerminalScreen {
    package enum Input: Equatable {
        case key(Key)
        case resize, nothing
    }

    private let screen: OpaquePointer
    private let colors: Bool
    /// False under NO_COLOR: no attributes at all.
    private let attributed: Bool
    private var attributes: [Emphasis: attr_t] = [:]
    private var stopped = false

    /// Nil when the terminal cannot hold a full-screen view (unknown TERM, not a terminal).
    package init?(colors wanted: Bool) {
        setlocale(LC_ALL, "")
        // Flags, names and box characters are UTF-8; a C locale would show them as bytes.
        if cncurses_locale_is_utf8() == 0 { setlocale(LC_CTYPE, "C.UTF-8") }
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r"),
            let screen = newterm(nil, output, input)
        else { return nil }
        self.screen = screen
        set_term(screen)
        raw()
        noecho()
        nonl()
        keypad(cncurses_screen(), true)
        curs_set(0)
        set_escdelay(25)
        colors = wanted && has_colors()
        attributed = wanted
        Self.installSignalHandlers()
        attributes = makeAttributes(wanted: wanted)
    }

    deinit { stop() }

    package var size: (width: Int, height: Int) { (Int(cncurses_columns()), Int(cncurses_lines())) }

    package func draw(_ rows: [StyledLine]) {
        for (y, row) in rows.enumerated() {
            wmove(cncurses_screen(), Int32(y), 0)
            for span in row.spans {
                _ = cncurses_attr_set(attribute(span.emphasis))
                waddstr(cncurses_screen(), span.text)
            }
            _ = cncurses_attr_set(0)
            wclrtoeol(cncurses_screen())
        }
        wclrtobot(cncurses_screen())
        wrefresh(cncurses_screen())
    }

    package func read(timeoutMilliseconds: Int32) -> Input {
        wtimeout(cncurses_screen(), timeoutMilliseconds)
        var code: wint_t = 0
        let kind = cncurses_read(&code)
        if kind == ERR { return .nothing }
        if kind == cncurses_key_code_yes() {
            switch Int32(code) {
            case KEY_RESIZE: return .resize
            case KEY_UP: return .key(.up)
            case KEY_DOWN: return .key(.down)
            case KEY_LEFT: return .key(.left)
            case KEY_RIGHT: return .key(.right)
            case KEY_PPAGE: return .key(.pageUp)
            case KEY_NPAGE: return .key(.pageDown)
            case KEY_HOME: return .key(.home)
            case KEY_END: return .key(.end)
            case KEY_ENTER: return .key(.enter)
            case KEY_BACKSPACE: return .key(.backspace)
            default: return .nothing
            }
        }
        switch code {
        case 3: return .key(.interrupt)
        case 8, 127: return .key(.backspace)
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        default:
            guard code >= 32, let scalar = Unicode.Scalar(UInt32(code)) else { return .nothing }
            return .key(.character(Character(scalar)))
        }
    }

    /// Gives the terminal to another program for a while; `resume` takes it back.
    package func suspend() {
        def_prog_mode()
        endwin()
    }

    package func resume() {
        reset_prog_mode()
        clearok(cncurses_screen(), true)
        wrefresh(cncurses_screen())
    }

    /// Leaves the alternate screen and gives the terminal back as it was; safe to call twice.
    package func stop() {
        guard !stopped else { return }
        stopped = true
        endwin()
        delscreen(screen)
    }

    private func makeAttributes(wanted: Bool) -> [Emphasis: attr_t] {
        // NO_COLOR: no attributes at all; selection and kinds still read by their marks.
        guard wanted else { return [:] }
        var map: [Emphasis: attr_t] = [
            .bold: cncurses_bold(), .dim: cncurses_dim(), .title: cncurses_reverse() | cncurses_bold(),
            .selected: cncurses_reverse(), .warning: cncurses_bold(),
        ]
        guard colors else { return map }
        start_color()
        use_default_colors()
        let colours: [(TextStyle.Colour, Int32)] = [
            (.green, COLOR_GREEN), (.red, COLOR_RED), (.yellow, COLOR_YELLOW), (.cyan, COLOR_CYAN), (.magenta, COLOR_MAGENTA),
        ]
        for (pair, color) in colours { init_pair(pair.rawValue, Int16(color), -1) }
        map[.rise] = cncurses_pair(TextStyle.Colour.green.rawValue)
        map[.fall] = cncurses_pair(TextStyle.Colour.red.rawValue)
        map[.warning] = cncurses_pair(TextStyle.Colour.yellow.rawValue) | cncurses_bold()
        return map
    }

    /// A span's attributes: the screen's own emphasis from the map, a feed's from its style.
    private func attribute(_ emphasis: Emphasis) -> attr_t {
        guard case .styled(let style) = emphasis else { return attributes[emphasis] ?? 0 }
        guard attributed else { return 0 }
        var attribute: attr_t = colors ? cncurses_pair(style.colour.rawValue) : 0
        for shown in colors ? style.inColour : style.withoutColour {
            switch shown {
            case .bold: attribute |= cncurses_bold()
            case .underline: attribute |= cncurses_underline()
            }
        }
        return attribute
    }

    private static func installSignalHandlers() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in screenTerminationRequested.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaction(signal, &action, nil) }
    }
}
