import Foundation
import NotifierEngine

extension DeepLink.View {
    /// A place's forecast; the argument is the place's ASCII slug ("Tallinn", "Sao-Paulo").
    public static let forecast = DeepLink.View(rawValue: "forecast")
}

extension LinkedView {
    /// Never empty and never starting with "-", so it cannot pass for an option.
    public static let forecast = LinkedView("forecast") { argument in
        let bytes = argument.utf8
        func alphanumeric(_ byte: UInt8) -> Bool {
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
        }
        return (1...60).contains(bytes.count) && alphanumeric(bytes.first!) && bytes.allSatisfy { alphanumeric($0) || $0 == 0x2D }
    }
}

extension DeepLink {
    /// `notifier open forecast Tallinn`; `nil` for a name with no letters or digits.
    public static func forecast(_ place: String) -> DeepLink? {
        DeepLink(.forecast, argument: ForecastPlace.slug(place))
    }
}
