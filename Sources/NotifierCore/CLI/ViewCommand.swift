import ArgumentParser

/// A command that reads the config: its `run()` loads the context once, from its global
/// options, and hands it to `run(context:)`.
package protocol ContextCommand: ParsableCommand {
    var global: GlobalOptions { get }
    func run(context: AppContext) throws
}

extension ContextCommand {
    package func run() throws {
        try run(context: AppContext.load(global))
    }
}

/// A `ContextCommand` that awaits.
package protocol AsyncContextCommand: AsyncParsableCommand {
    var global: GlobalOptions { get }
    func run(context: AppContext) async throws
}

extension AsyncContextCommand {
    package func run() async throws {
        try await run(context: AppContext.load(global))
    }
}

/// A command that prints a view by its output options (`OutputOptions`, `JSONOption`).
package protocol PrintsView {
    associatedtype OutputGroup: PrintChoice
    var output: OutputGroup { get }
}

extension PrintsView {
    package var json: Bool { output.json }
    package var plain: Bool { output.plain }
}

/// A view's command: the global options, the output options, and what it shows, given the
/// context its `run()` loaded.
package protocol ViewCommand: ContextCommand, PrintsView {
    func show(context: AppContext) throws
}

extension ViewCommand {
    package func run(context: AppContext) throws {
        try show(context: context)
    }
}

/// A `ViewCommand` that awaits (a view that may fetch).
package protocol AsyncViewCommand: AsyncContextCommand, PrintsView {
    func show(context: AppContext) async throws
}

extension AsyncViewCommand {
    package func run(context: AppContext) async throws {
        try await show(context: context)
    }
}
