import Foundation
import NotifierDelivery
import Testing

@testable import NotifierCore

/// A repeated table (`[[…]]`): every entry's keys checked as a section's are, errors naming the
/// entry, the key and its line.
@Suite struct ConfigEntryTests {
    struct Probe: ConfigEntry {
        static let array = "probes"
        static let required = ["target"]
        static let documented = "[[probes]]\nname = \"example\"\ntarget = \"x\"\nlevel = 1"
        var name = ""
        var target = ""
        var level = 1
        static let keys: [SectionKey<Probe>] = [
            .string("name", \.name), .string("target", \.target), .integer("level", \.level, in: 0...9),
        ]
        func check() -> (key: String, message: String)? {
            target == "nowhere" ? ("target", "must lead somewhere") : nil
        }
    }

    func read(_ text: String) -> Result<[Probe], ConfigEntryProblem> {
        let table = try! ConfigLoader.table(text, file: "c.toml")
        let tables = table["probes"]!.array!.map { $0.table!.configFields }
        // With delivery's keys every entry has (acknowledge, escalate), as the program reads them.
        return ConfigEntryList.entries(
            Probe.self, from: tables, lines: EntryLines(array: "probes", keyLines: TOMLKeyLines(text: text)),
            ruleKeys: DeliveryFeatures.all.flatMap(\.ruleKeys).filter(\.onEntries))
    }

    @Test func readsEveryEntry() throws {
        let entries = try read("[[probes]]\nname = \"a\"\ntarget = \"t\"\n\n[[probes]]\nname = \"b\"\ntarget = \"u\"\nlevel = 3\n").get()
        #expect(entries.map(\.name) == ["a", "b"])
        #expect(entries.map(\.level) == [1, 3])
    }

    @Test(arguments: [
        (
            "[[probes]]\nname = \"a\"\ntarget = \"t\"\n[[probes]]\nname = \"b\"\ntarget = \"t\"\nlevel = 12\n", 7,
            "probes[1].level must be between 0 and 9, got 12"
        ),
        ("[[probes]]\nname = \"a\"\n", 1, "probes[0] needs target = …"),
        ("[[probes]]\nname = \"A b\"\ntarget = \"t\"\n", 2, "probes[0].name must be 1 to 64 of a-z, 0-9, _ and -, got \"A b\""),
        (
            "[[probes]]\nname = \"a\"\ntarget = \"t\"\n[[probes]]\nname = \"a\"\ntarget = \"t\"\n", 5,
            "probes[1].name \"a\" is already the name of another [[probes]]"
        ),
        (
            "[[probes]]\nname = \"a\"\ntarget = \"t\"\ncolour = 1\n", 4,
            "probes[0].colour is not a key of [[probes]]; known keys: name, target, level, acknowledge, escalate"
        ),
        ("[[probes]]\nname = \"a\"\ntarget = \"nowhere\"\n", 3, "probes[0].target must lead somewhere"),
    ])
    func namesTheEntryTheKeyAndItsLine(text: String, line: Int, message: String) {
        #expect(throws: ConfigEntryProblem(line: line, message: message)) { try read(text).get() }
    }
}
