import Foundation
import TestSupport
import Testing

/// Every country view says where its data comes from and of when.
@Suite(.sharingTheMachine) struct CountrySourceTests {
    static let source = "embedded data set (REST Countries v3.1, 2024-12; mledoze/countries, ODbL-1.0)"

    @Test func theListSaysItsSourceAndDate() async throws {
        let sandbox = try Sandbox()
        let plain = try await ProcessRunner.notifier(["list", "countries", "--region", "Oceania"], environment: sandbox.environment())
        #expect(plain.status == 0)
        #expect(plain.stdout.hasSuffix("Source: \(Self.source); data of 2024-12\n"), "\(plain.stdout)")
        let json = try await ProcessRunner.notifier(
            ["list", "countries", "--json", "--region", "Europe", "--sort", "population"], environment: sandbox.environment())
        #expect(json.status == 0, "\(json.stderr)")
        let view = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(view["source"] as? String == Self.source && view["dataDate"] as? String == "2024-12")
        let countries = try #require(view["countries"] as? [[String: Any]])
        #expect(countries.first?["cca2"] as? String == "RU" && countries.allSatisfy { $0["continent"] as? String == "Europe" })
    }

    @Test func theDetailsJSONHasTheDateBesideTheSource() async throws {
        let result = try await ProcessRunner.notifier(["open", "country", "KZ", "--json"], environment: Sandbox().environment())
        let view = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(view["source"] as? String == Self.source && view["dataDate"] as? String == "2024-12", "\(result.stdout.prefix(300))")
    }
}
