import ArgumentParser
import Foundation
import NotifierEngine
import NotifierSystem

/// The views of the registered feeds, as `open`, `open-url`, `list`, the click's deep link and
/// the fast path reach them: through the `Program`'s feeds, naming none.
package struct ViewRegistry: Sendable {
    package let feeds: [any FeedKind]
    package let views: [FeedView]
    /// The links these views answer, then `list` and `history`.
    package let catalog: LinkCatalog

    package init(feeds: [any FeedKind]) {
        self.feeds = feeds
        views = feeds.flatMap(\.views)
        catalog = LinkCatalog(views.map(\.link))
    }

    package func view(named name: String) -> FeedView? {
        views.first { $0.name == name }
    }

    /// `open <name> ARGUMENTS…`: parsed by the view's own command and run. `false` when no
    /// registered feed has a view of that name.
    package func open(_ name: String, _ arguments: [String]) async throws -> Bool {
        guard let view = view(named: name) else { return false }
        try await view.run(view.command.parse(arguments))
        return true
    }

    /// `open-url notifier://<view>/<subject>`: parsed strictly against these views' links; a
    /// feed's view opens here, `list` and `history` through the program's parser.
    package func openURL(_ url: String, configPath: String?, program: Program) async throws {
        let link: DeepLink
        do {
            link = try DeepLink(url: url, in: catalog)
        } catch {
            throw UserError.invalidArgument("\(error): '\(TextSanitizer.singleLine(String(url.prefix(100))))'")
        }
        let config = configPath.map { ["--config", $0] } ?? []
        if try await open(link.view.rawValue, [link.argument] + config) { return }
        try await program.runCommand(link.arguments + config)
    }

    /// The message of the view a link names, when the view refuses the link's subject.
    package func subjectProblem(_ url: String) -> String? {
        for view in views {
            let prefix = "notifier://\(view.name)/"
            if url.hasPrefix(prefix), let problem = view.subjectProblem?(String(url.dropFirst(prefix.count))) { return problem }
        }
        return nil
    }

    /// Clicks open detail views, so their start-up is the program's hot path, and a third of it
    /// went to argument-parser building its command tree by reflection. A view's plain form
    /// (`open country KZ`, `open crypto BTC --json`, `open week`) goes to its fast path first;
    /// anything else (options, help, typos) goes through the parser.
    package func fastPath(_ arguments: [String]) async throws -> Bool {
        let json = arguments.count > 2 && arguments.last == "--json"
        let plain = json ? arguments.dropLast() : arguments[...]
        guard plain.count >= 2, plain.first == "open", !plain.dropFirst(2).contains(where: { $0.hasPrefix("-") }),
            let view = view(named: plain[plain.startIndex + 1]), let fastPath = view.fastPath
        else { return false }
        return try await fastPath(Array(plain.dropFirst(2)), json) { try AppContext.load(configPath: nil) }
    }
}
