import Foundation
import Testing

/// The layers as the sources say them: the feed core names nothing of delivery, a delivery
/// feature's folder names its parts and the seams (`Ports/`) but not the dispatcher, which holds
/// the features' parts, and no feed imports delivery or the program.
@Suite struct LayersTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every Swift file under `folder`, by its path from `Sources`.
    static func files(_ folder: String) throws -> [(path: String, text: String)] {
        let root = sources.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try paths.sorted().map { ("\(folder)/\($0)", try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The names a text uses, comments left out.
    static func words(_ text: String) -> Set<Substring> {
        let code = text.split(separator: "\n").map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...] }
        return Set(code.flatMap { $0.split { !($0.isLetter || $0.isNumber || $0 == "_") } })
    }

    /// The types a folder declares at the top level of its files.
    static func declaredTypes(_ folder: String) throws -> Set<Substring> {
        let kinds: Set<Substring> = ["struct", "enum", "actor", "class", "protocol"]
        return Set(
            try files(folder).flatMap { file in
                file.text.split(separator: "\n").compactMap { line -> Substring? in
                    guard !line.hasPrefix(" ") else { return nil }
                    let words = line.split(separator: " ").filter { !["package", "public", "final"].contains($0) }
                    guard words.count > 1, kinds.contains(words[0]) else { return nil }
                    return words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                }
            })
    }

    @Test func theFeedCoreNamesNothingOfDelivery() throws {
        let delivery = try Self.declaredTypes("Delivery")
        #expect(delivery.contains("Dispatcher") && delivery.contains("ChannelSettings"), "delivery's types were not found")
        for file in try Self.files("NotifierCore") {
            let named = Self.words(file.text).intersection(delivery)
            #expect(named.isEmpty, "\(file.path) names \(named.sorted())")
        }
    }

    @Test func noDeliveryFeatureNamesTheDispatcher() throws {
        let features = try FileManager.default.contentsOfDirectory(atPath: Self.sources.appendingPathComponent("Delivery").path)
            .filter { !$0.hasSuffix(".swift") && $0 != "Dispatcher" }
        #expect(features.count >= 7, "\(features)")
        for feature in features {
            for file in try Self.files("Delivery/\(feature)") {
                let namesIt = Self.words(file.text).contains("Dispatcher")
                #expect(!namesIt, "\(file.path) names the dispatcher")
            }
        }
    }

    @Test func noFeedImportsDeliveryOrTheProgram() throws {
        for file in try Self.files("Feeds") {
            for module in ["NotifierDelivery", "NotifierProgram"] {
                #expect(!file.text.contains("import \(module)\n"), "\(file.path) imports \(module)")
            }
        }
    }
}
