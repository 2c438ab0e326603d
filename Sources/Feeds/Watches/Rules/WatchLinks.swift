import Foundation
import NotifierEngine

extension DeepLink.View {
    /// One watch; the argument is its name.
    public static let watch = DeepLink.View(rawValue: "watch")
}

extension LinkedView {
    /// `notifier open watch NAME`: 1–64 of a-z, 0-9, _ and -, as a watch's name must be.
    public static let watch = LinkedView("watch") { argument in
        (1...64).contains(argument.utf8.count)
            && argument.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D }
    }
}

extension DeepLink {
    /// `nil` unless the name is one a watch may have.
    public static func watch(_ name: String) -> DeepLink? {
        DeepLink(.watch, argument: name)
    }
}
