import NotifierCore
import NotifierEngine

/// `--wait [SECONDS]`: argument-parser's options always take a value, so a bare `--wait` is
/// given the default before parsing.
package enum WaitOption {
    package static let defaultSeconds = 600
    package static let range = 1...86_400

    package static func normalized(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            result.append(argument)
            if argument == "--" {
                result += arguments[(index + 1)...]
                break
            }
            let next = index + 1 < arguments.endIndex ? arguments[index + 1] : ""
            let nextIsNumber = !next.isEmpty && next.utf8.allSatisfy { (0x30...0x39).contains($0) }
            if argument == "--wait", !nextIsNumber {
                result.append(String(defaultSeconds))
            }
            index += 1
        }
        return result
    }
}
