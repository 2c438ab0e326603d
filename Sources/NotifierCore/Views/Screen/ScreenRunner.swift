import Foundation
import NotifierEngine
import NotifierSystem
import Synchronization

/// Runs a view full-screen until the person closes it: reads keys, hands them to the view on
/// top, does the effects it returns, and draws. Back (Backspace) returns to the view below.
package enum ScreenRunner {
    /// Whether `open …` and `list …` should run interactively: both ends a terminal that can
    /// address its cursor, and no `--json` or `--plain`.
    package static func isInteractive(plain: Bool, json: Bool, environment: [String: String]) -> Bool {
        guard !plain, !json, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
            let term = environment["TERM"], !term.isEmpty, term != "dumb"
        else { return false }
        return true
    }

    package static func colorsWanted(_ environment: [String: String]) -> Bool {
        environment["NO_COLOR"].map(\.isEmpty) ?? true
    }

    /// Returns false when the terminal refused a full-screen view; the caller prints instead. The
    /// screen's times (ages, "now" lines) come from the command's time source.
    package static func run(_ first: any ScreenModel, context: AppContext) -> Bool {
        run(first, environment: context.environment, now: context.time.now)
    }

    package static func run(_ first: any ScreenModel, environment: [String: String], now: @escaping @Sendable () -> Date) -> Bool {
        guard let screen = TerminalScreen(colors: colorsWanted(environment)) else { return false }
        defer { screen.stop() }
        var session = ScreenSession(stack: [first], environment: environment, screen: screen)
        let firstEffects = session.stack[0].appear()
        session.perform(firstEffects)
        session.draw(on: screen, now: now())
        var lastTick = Date.distantPast
        while !session.finished && !screenTerminationRequested.load(ordering: .relaxed) {
            let input = screen.read(timeoutMilliseconds: 250)
            switch input {
            case .resize, .nothing: break
            case .key(let key): session.press(key)
            }
            let moment = now()
            if moment.timeIntervalSince(lastTick) >= 0.25 {
                lastTick = moment
                session.send(.tick(moment))
            }
            session.deliverFinishedWork()
            session.reapChildren()
            if !session.finished { session.draw(on: screen, now: moment) }
        }
        return true
    }
}

/// The stack of views and what the shell keeps for them (scroll positions, the help overlay).
package struct ScreenSession {
    package var stack: [any ScreenModel]
    package var layouts: [ScreenLayout] = []
    package var showingHelp = false
    package var finished = false
    package let environment: [String: String]
    package let results = FinishedWork()
    package var children: [pid_t] = []
    /// Set for a view another screen started, so Backspace on its first view returns there.
    package static let nestedVariable = "NOTIFIER_NESTED_VIEW"
    /// Lent to a program `runProgram` starts; `nil` in tests that drive a session without one.
    package let screen: TerminalScreen?

    package init(stack: [any ScreenModel], environment: [String: String], screen: TerminalScreen? = nil) {
        self.stack = stack
        self.environment = environment
        self.screen = screen
        layouts = stack.map { _ in ScreenLayout(width: 80, height: 24) }
    }

    package mutating func press(_ key: Key) {
        if showingHelp {
            showingHelp = false
            return
        }
        if key == .interrupt {
            finished = true
            return
        }
        if !(stack.last?.isTyping ?? false) {
            switch key {
            case .character("q"), .escape:
                finished = true
                return
            case .character("?"):
                showingHelp = true
                return
            case .backspace:
                perform([.back])
                return
            default: break
            }
        }
        send(.key(key))
    }

    package mutating func send(_ event: ViewEvent) {
        guard !stack.isEmpty else { return }
        perform(stack[stack.count - 1].handle(event))
    }

    package mutating func deliverFinishedWork() {
        for (name, result) in results.drain() { send(.finished(name: name, result: result)) }
    }

    package mutating func perform(_ effects: [ViewEffect]) {
        for effect in effects {
            switch effect {
            case .quit: finished = true
            case .back:
                // The first view stays: Backspace must not close a window by surprise. A view
                // opened from another screen (`runProgram`) goes back to it.
                if stack.count > 1 {
                    stack.removeLast()
                    layouts.removeLast()
                } else if environment[Self.nestedVariable] == "1" {
                    finished = true
                }
            case .push(let model):
                stack.append(model)
                layouts.append(ScreenLayout(width: 80, height: 24))
                let appeared = stack[stack.count - 1].appear()
                perform(appeared)
            case .openURL(let url): openURL(url)
            case .runProgram(let arguments): runProgram(arguments)
            case .start(let task):
                let results = results
                Task.detached { results.append(task.name, await task.work()) }
            }
        }
    }

    package mutating func draw(on screen: TerminalScreen, now: Date) {
        guard let model = stack.last else { return }
        let (width, height) = screen.size
        layouts[layouts.count - 1].width = width
        layouts[layouts.count - 1].height = height
        let frame = model.frame(width: width, height: height, now: now)
        screen.draw(layouts[layouts.count - 1].rows(for: frame, showingHelp: showingHelp))
    }

    /// `xdg-open URL`, an argv; its output would scribble on the screen, so it goes nowhere.
    private mutating func openURL(_ url: String) {
        let results = results
        guard let opener = ProgramSearch.find("xdg-open", environment: environment) else {
            results.append("open-url", "xdg-open is not installed: \(url)")
            return
        }
        // ChildSpawn, not Foundation's Process: its launch could stall the screen loop.
        if let pid = try? ChildSpawn.start([opener, url], environment: environment) {
            children.append(pid)
            results.append("open-url", "opened \(url)")
        } else {
            results.append("open-url", "cannot run xdg-open for \(url)")
        }
    }

    /// This program again, in the foreground on the same terminal; the screen waits for it.
    private mutating func runProgram(_ arguments: [String]) {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        screen?.suspend()
        defer { screen?.resume() }
        var environment = environment
        environment[Self.nestedVariable] = "1"
        guard
            let pid = try? ChildSpawn.start(
                [executable] + arguments, environment: environment,
                stdin: .descriptor(0), stdout: .descriptor(1), stderr: .descriptor(2))
        else {
            results.append("run-program", "cannot start \(arguments.joined(separator: " "))")
            return
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        results.append("run-program", "closed \(arguments.joined(separator: " "))")
    }

    /// Collects the programs it started that have ended, so none lingers as a zombie.
    package mutating func reapChildren() {
        children.removeAll { waitpid($0, nil, WNOHANG) != 0 }
    }
}

/// Answers of background work, waiting for the screen loop to pick them up.
package final class FinishedWork: Sendable {
    private let items = Mutex<[(String, any Sendable)]>([])

    package func append(_ name: String, _ result: any Sendable) { items.withLock { $0.append((name, result)) } }
    package func drain() -> [(String, any Sendable)] {
        items.withLock { items in
            defer { items = [] }
            return items
        }
    }
}
