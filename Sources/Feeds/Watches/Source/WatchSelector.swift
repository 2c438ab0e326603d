import CJQ
import Foundation
import NotifierCore
import NotifierEngine

/// A watch's `select`: a jq program (run by libjq), or a JSON Pointer (RFC 6901) when it starts
/// with "/", which becomes the jq program that walks the same path. Checked when the config
/// loads; run over each response in a bounded child process (see Sources/CJQ/shim.h).
public struct WatchSelector: Sendable, Equatable {
    /// As the user wrote it.
    public let text: String
    /// What libjq runs.
    public let program: String
    /// Compiled once; run in forked children, each on its own copy, or in-process under its lock.
    private let compiled: CompiledProgram
    /// A plain path (`.a.b[0]`, `.[]`, a JSON Pointer's program): no loops, recursion or calls,
    /// so over a small input its time and memory are linear in the input and it needs no child.
    public let isPlainPath: Bool

    public static func == (lhs: WatchSelector, rhs: WatchSelector) -> Bool {
        lhs.text == rhs.text && lhs.program == rhs.program
    }

    public struct Limits: Sendable, Equatable {
        /// CPU time: whole seconds (the kernel's RLIMIT_CPU).
        public var time: Duration
        /// Wall time, for a child that waits rather than runs.
        public var wall: Duration
        public var memoryBytes: Int
        public var outputBytes: Int
        /// A plain path over an input up to this size runs in-process (parsing 64 KiB of JSON
        /// takes about a millisecond and a few MiB); larger inputs and other programs, a child.
        public var inlineInputBytes: Int

        public init(
            time: Duration = .seconds(1), wall: Duration = .seconds(10), memoryBytes: Int = 256 << 20, outputBytes: Int = 1 << 20,
            inlineInputBytes: Int = 64 << 10
        ) {
            self.time = time
            self.wall = wall
            self.memoryBytes = memoryBytes
            self.outputBytes = outputBytes
            self.inlineInputBytes = inlineInputBytes
        }
    }

    /// What a selector made of one input.
    public enum Outcome: Sendable, Equatable {
        /// Every output, in order (none: it matched nothing).
        case values([WatchValue])
        /// jq stopped with an error of its own ("Cannot index number with \"x\"").
        case failed(String)
        /// The input was not JSON (jq's parser's message).
        case notJSON(String)
        /// Stopped: it ran longer than the limit, past the memory bound or wrote too much.
        case stopped(String)
    }

    /// `nil` with jq's own message (or the pointer's problem) when it cannot be a selector.
    public init(_ text: String) throws(SelectorError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw SelectorError(message: "is empty; write a jq path such as \".count\" or a JSON Pointer such as \"/count\"") }
        program = trimmed.hasPrefix("/") ? try Self.pointerProgram(trimmed) : trimmed
        compiled = try Self.compiled(program)
        isPlainPath = Self.isPlainPath(program)
        self.text = text
    }

    /// `.`, or steps such as `.name`, `.["a b"]`, `[0]`, `.[]` and a pointer's
    /// `(if type == "array" then .[0] else .["0"] end)`, joined by `|`. A string step may hold
    /// escapes but no `\(`: an interpolation would run code. Scanned by hand, not by a `Regex`:
    /// Swift's regex engine is most of a MiB of code pages a daemon would touch only for this.
    static func isPlainPath(_ program: String) -> Bool {
        var scanner = PlainPathScanner(program)
        return scanner.matchesWhole()
    }

    /// Compiling binds jq's builtins (some 30 ms of CPU with jq 1.6), so each program is compiled
    /// once per process: the config's check and every poll after it share it.
    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [String: CompiledProgram] = [:]

    private static func compiled(_ program: String) throws(SelectorError) -> CompiledProgram {
        cacheLock.lock()
        defer { cacheLock.unlock() }
        if let known = cache[program] { return known }
        var message: UnsafeMutablePointer<CChar>?
        guard let state = cjq_compile(program, &message) else {
            defer { free(message) }
            throw SelectorError(message: Self.cleaned(message.map { String(cString: $0) } ?? "does not compile"))
        }
        let compiled = CompiledProgram(state)
        if cache.count >= 1000 { cache.removeAll() }
        cache[program] = compiled
        return compiled
    }

    /// Only the checks that need no compiling: what a command that never runs a selector (a view)
    /// can afford when it loads the config.
    public static func quickProblem(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return "is empty; write a jq path such as \".count\" or a JSON Pointer such as \"/count\"" }
        if trimmed.hasPrefix("/") {
            do { _ = try pointerProgram(trimmed) } catch { return error.message }
        }
        return nil
    }

    public struct SelectorError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// jq's compile messages on one line, without its "N compile errors" count.
    static func cleaned(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !($0.hasPrefix("jq: ") && $0.contains("compile error") && !$0.hasPrefix("jq: error")) }
            .joined(separator: "; ")
    }

    /// RFC 6901: "/a/0/b~1c" → `.["a"] | (if type == "array" then .[0] else .["0"] end) | .["b/c"]`.
    static func pointerProgram(_ pointer: String) throws(SelectorError) -> String {
        var steps: [String] = []
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var index = raw.startIndex
            while index < raw.endIndex {
                let character = raw[index]
                if character == "~" {
                    let next = raw.index(after: index)
                    guard next < raw.endIndex, raw[next] == "0" || raw[next] == "1" else {
                        throw SelectorError(message: "is a JSON Pointer with a \"~\" not followed by 0 or 1 (write ~0 for ~ and ~1 for /)")
                    }
                    token.append(raw[next] == "0" ? "~" : "/")
                    index = raw.index(after: next)
                } else {
                    token.append(character)
                    index = raw.index(after: index)
                }
            }
            let key = Self.jqString(token)
            let isIndex = !token.isEmpty && token.count <= 9 && token.allSatisfy(\.isASCIIDigit) && (token == "0" || !token.hasPrefix("0"))
            steps.append(isIndex ? "(if type == \"array\" then .[\(token)] else .[\(key)] end)" : ".[\(key)]")
        }
        return steps.isEmpty ? "." : steps.joined(separator: " | ")
    }

    private static func jqString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// Runs the selector over `input` (JSON; with `asText`, any text, as one jq string) in a
    /// bounded child process, on a thread of its own: it may block up to `limits.time`.
    public func select(_ input: Data, asText: Bool = false, limits: Limits = Limits()) async -> Outcome {
        let compiled = compiled
        if runsInline(input, limits: limits) { return Self.runInline(compiled, input: input, asText: asText, limits: limits) }
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: Self.run(compiled, input: input, asText: asText, limits: limits))
            }
            thread.name = "notifier-jq"
            thread.start()
        }
    }

    /// As `select`, on the caller's thread (a replay, which is synchronous).
    public func selectBlocking(_ input: Data, asText: Bool = false, limits: Limits = Limits()) -> Outcome {
        runsInline(input, limits: limits)
            ? Self.runInline(compiled, input: input, asText: asText, limits: limits)
            : Self.run(compiled, input: input, asText: asText, limits: limits)
    }

    private func runsInline(_ input: Data, limits: Limits) -> Bool {
        isPlainPath && input.count <= limits.inlineInputBytes
    }

    static func runInline(_ compiled: CompiledProgram, input: Data, asText: Bool, limits: Limits) -> Outcome {
        var output: UnsafeMutablePointer<CChar>?
        var length = 0
        let bytes = input.isEmpty ? Data([0]) : input
        pthread_mutex_lock(compiled.guardLock)
        let code = bytes.withUnsafeBytes { buffer in
            cjq_evaluate_inline(
                compiled.state, buffer.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(input.count), asText ? 1 : 0,
                limits.outputBytes, &output, &length)
        }
        pthread_mutex_unlock(compiled.guardLock)
        defer { free(output) }
        return outcome(code: code, output: output, length: length, limits: limits)
    }

    static func run(_ compiled: CompiledProgram, input: Data, asText: Bool, limits: Limits) -> Outcome {
        guard input.count < Int(Int32.max) else { return .stopped("the input is too large") }
        var output: UnsafeMutablePointer<CChar>?
        var length = 0
        let cpuSeconds = Int32(clamping: max(1, limits.time.components.seconds))
        let wallMilliseconds = Int32(clamping: limits.wall.components.seconds * 1000 + limits.wall.components.attoseconds / 1_000_000_000_000_000)
        // An empty input still needs a valid pointer.
        let bytes = input.isEmpty ? Data([0]) : input
        let count = Int32(input.count)
        let code = bytes.withUnsafeBytes { buffer in
            cjq_evaluate(
                compiled.state, compiled.guardLock, buffer.baseAddress!.assumingMemoryBound(to: CChar.self), count, asText ? 1 : 0,
                cpuSeconds, wallMilliseconds, limits.memoryBytes, limits.outputBytes, &output, &length)
        }
        defer { free(output) }
        return outcome(code: code, output: output, length: length, limits: limits)
    }

    private static func outcome(code: Int32, output: UnsafeMutablePointer<CChar>?, length: Int, limits: Limits) -> Outcome {
        switch Int(code) {
        case Int(CJQ_DONE): break
        case Int(CJQ_TIMED_OUT): return .stopped("ran longer than \(Self.seconds(limits.time)) and was stopped")
        case Int(CJQ_OUT_OF_MEMORY): return .stopped("needed more than \(limits.memoryBytes >> 20) MiB and was stopped")
        case Int(CJQ_TOO_MUCH_OUTPUT): return .stopped("selected more than \(limits.outputBytes >> 10) KiB and was stopped")
        default: return .stopped("could not be run (no process could be started)")
        }
        let text = output.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        var values: [WatchValue] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let body = line.dropFirst(2)
            switch line.first {
            case "v": if let value = WatchValue(json: body) { values.append(value) }
            case "e": return values.isEmpty ? .failed(String(body)) : .values(values)
            case "p": return .notJSON(String(body))
            default: break
            }
        }
        return .values(values)
    }

    private static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}

/// A compiled jq state: run in forked children on their copies, or in this process only under
/// `guardLock` (jq_start and jq_next change it), which a fork holds too, so that no child copies
/// it half-way through an inline run.
final class CompiledProgram: @unchecked Sendable {
    let state: OpaquePointer
    let guardLock: UnsafeMutablePointer<pthread_mutex_t>

    init(_ state: OpaquePointer) {
        self.state = state
        guardLock = .allocate(capacity: 1)
        pthread_mutex_init(guardLock, nil)
    }

    deinit {
        cjq_free(state)
        pthread_mutex_destroy(guardLock)
        guardLock.deallocate()
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
