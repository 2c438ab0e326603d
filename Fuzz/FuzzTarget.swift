import Foundation

/// One fuzzed entry point: the bytes libFuzzer makes go to `run`, which must never crash;
/// a broken invariant is reported with `require`, which traps so that libFuzzer keeps the input.
struct FuzzTarget: Sendable {
    var name: String
    /// Files (globs from the repository's root) that seed the corpus, beside Fuzz/seeds/NAME/.
    var seeds: [String]
    /// The libFuzzer dictionary in Fuzz/: json.dict, toml.dict or none.
    var dictionary: String
    /// Whether libFuzzer checks each input for leaks; off where a library leaks on every input
    /// (the check then runs for every input and slows the target a hundredfold).
    var checksLeaks = true
    var run: @Sendable (Data) -> Void
}

/// Traps with the message, so that the crash names the broken invariant.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}

extension Data {
    /// The text as the program reads files and bodies: invalid UTF-8 is refused, not repaired.
    var utf8Text: String? { String(data: self, encoding: .utf8) }
}
