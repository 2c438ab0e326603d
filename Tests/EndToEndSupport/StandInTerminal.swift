import Foundation
import TestSupport

/// A stand-in for a terminal emulator: a script that records the argv it was given, so a test
/// can see exactly what a click would have run.
public struct StandInTerminal: Sendable {
    public let path: String
    public let record: String

    /// `name`: the program it stands in for, such as x-terminal-emulator on a `$PATH`.
    public init(in directory: URL, name: String = "stand-in-terminal") throws {
        path = directory.appendingPathComponent(name).path
        record = directory.appendingPathComponent("terminal-argv").path
        try ExecutableFile.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record).tmp' && mv '\(record).tmp' '\(record)'\n", to: path)
    }

    /// The recorded arguments, one per line; `nil` until it has run.
    public var arguments: [String]? {
        FileManager.default.contents(atPath: record).map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) }
    }
}
