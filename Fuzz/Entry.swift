import Foundation

// libFuzzer's entry points. One binary holds every target of `FuzzTargets.all`; the target is
// chosen by NOTIFIER_FUZZ_TARGET, and NOTIFIER_FUZZ_LIST=1 prints the table for scripts/fuzz.

nonisolated(unsafe) private var selected: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    // getenv, not ProcessInfo: its dictionary would still be alive at `exit`, a leak to LeakSanitizer.
    if getenv("NOTIFIER_FUZZ_LIST") != nil {
        let lines = FuzzTargets.all.map { [$0.name, $0.dictionary, $0.checksLeaks ? "1" : "0", $0.seeds.joined(separator: " ")].joined(separator: "|") }
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        exit(0)
    }
    let name = getenv("NOTIFIER_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTargets.all.first(where: { $0.name == name }) else {
        let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("NOTIFIER_FUZZ_TARGET must be one of: \(names)\n".utf8))
        exit(2)
    }
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    selected?.run(data)
    return 0
}
