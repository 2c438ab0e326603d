import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Opens a deep link's detail view in a terminal. The command is an argv built from a
/// validated `DeepLink`; nothing passes through a shell.
package struct DeepLinkOpener: Sendable {
    package let environment: [String: String]
    package let logger: Logger
    /// `delivery.terminal`: an argv prefix that runs the rest; empty to look for a terminal.
    package var terminal: [String] = []

    /// Terminals and the flag after which each takes the command to run.
    package static let knownTerminals: [(name: String, flag: String?)] = [
        ("x-terminal-emulator", "-e"), ("xdg-terminal-exec", nil), ("gnome-terminal", "--"), ("konsole", "-e"),
        ("xfce4-terminal", "-x"), ("kitty", nil), ("alacritty", "-e"), ("foot", nil), ("wezterm", "start"), ("xterm", "-e"),
    ]

    /// `activationToken`: what the notification server gave with the click (spec 1.3's
    /// ActivationToken), passed on so a Wayland compositor focuses the new window.
    package func open(_ link: DeepLink, activationToken: String? = nil) {
        let program = Self.selfExecutable()
        guard let argv = command(for: link, program: program) else {
            logger.warning("no terminal found to open '\(link.command)'; set $TERMINAL")
            return
        }
        do {
            let pid = try ChildSpawn.start(argv, environment: Self.terminalEnvironment(environment, activationToken: activationToken))
            logger.info("opened \(link.command) with \(argv[0])")
            // The terminal lives on its own; its exit is collected so that none lingers as a
            // zombie. One that fails within seconds is said: a window that never came shows
            // nothing else (later, a failure is more likely a window closed by hand).
            let logger = logger
            let command = link.command
            let terminal = argv[0]
            let opened = ContinuousClock.now
            Thread.detachNewThread {
                guard let status = ChildSpawn.status(pid, wait: true), status != 0, ContinuousClock.now - opened < .seconds(5) else { return }
                logger.warning("\(terminal) for \(command) exited with status \(status) at once; `[delivery] terminal` sets the terminal and its arguments")
            }
        } catch {
            logger.warning("\(error)")
        }
    }

    package func command(for link: DeepLink, program: String) -> [String]? {
        let viewCommand = [program] + link.arguments
        if let configured = terminal.first {
            guard let path = which(configured) else { return nil }
            return [path] + terminal.dropFirst() + viewCommand
        }
        if let terminal = environment["TERMINAL"], !terminal.isEmpty, let path = which(terminal) {
            return [path, "-e"] + viewCommand
        }
        for terminal in Self.knownTerminals {
            if let path = which(terminal.name) {
                return [path] + (terminal.flag.map { [$0] } ?? []) + viewCommand
            }
        }
        if let xdgOpen = which("xdg-open") { return [xdgOpen, link.url] }
        return nil
    }

    /// The terminal's environment: the daemon's, with a UTF-8 locale when none is set (a
    /// service started without one would otherwise get a terminal that shows flags and names
    /// as bytes: Debian's x-terminal-emulator picks xterm or uxterm by the locale), and the
    /// click's activation token.
    package static func terminalEnvironment(_ environment: [String: String], activationToken: String?) -> [String: String] {
        var result = environment
        if ["LC_ALL", "LC_CTYPE", "LANG"].allSatisfy({ (environment[$0] ?? "").isEmpty }) { result["LANG"] = "C.UTF-8" }
        if let activationToken, !activationToken.isEmpty {
            result["XDG_ACTIVATION_TOKEN"] = activationToken
        } else {
            result["XDG_ACTIVATION_TOKEN"] = nil
        }
        return result
    }

    package func which(_ name: String) -> String? {
        ProgramSearch.find(name, environment: environment)
    }

    package static func selfExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
