import Foundation
import NotifierEngine

extension Double {
    /// 5, 4.5: what a user would write.
    package var shortText: String {
        rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : "\(self)"
    }
}

extension String {
    package var keyPath: [String] { split(separator: ".").map(String.init) }

    package var tomlQuoted: String {
        var quoted = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    quoted += String(format: "\\u%04X", scalar.value)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
