import Foundation
import NotifierEngine

extension DeepLink.View {
    /// One country; the argument is its CCA2 code.
    public static let country = DeepLink.View(rawValue: "country")
}

extension LinkedView {
    /// `notifier open country KZ`: two ASCII capitals.
    public static let country = LinkedView("country") { argument in
        argument.utf8.count == 2 && argument.utf8.allSatisfy { (0x41...0x5A).contains($0) }
    }
}

extension DeepLink {
    public static func country(_ cca2: String) -> DeepLink? {
        DeepLink(.country, argument: cca2.uppercased())
    }
}
