import Foundation
import TestSupport
import Testing

@testable import NotifierWatches

/// A watch's selector checked against the `jq` program (Debian's, an independent build of the
/// same language) on the captured responses, through a child and in-process.
@Suite(.sharingTheMachine) struct JqReferenceTests {
    /// Selectors over the fixtures, each as a user would write it.
    static let cases: [(fixture: String, select: String)] = [
        ("coinlore_tickers_page1.json", ".data[0].symbol"),
        ("coinlore_tickers_page1.json", ".data[0].price_usd | tonumber"),
        ("coinlore_tickers_page1.json", "[.data[] | select(.rank <= 5) | .symbol]"),
        ("coinlore_tickers_page1.json", ".data[].symbol"),
        ("coinlore_tickers_page1.json", ".data[3].msupply"),
        ("coinlore_tickers_page1.json", ".info.coins_num"),
        ("coinlore_tickers_page1.json", ".nothing.here"),
        ("restcountries_v3.1_all_full.json", "map(select(.cca2 == \"EE\")) | .[0].population"),
        ("restcountries_v3.1_all_full.json", ".[] | select(.cca2 == \"AQ\") | .capital"),
        ("restcountries_v3.1_all_full.json", "length"),
        ("restcountries_v3.1_all_full.json", "[.[].area] | add"),
        ("openmeteo_forecast_hourly_daily_current_2025.json", ".current.temperature_2m"),
        ("openmeteo_forecast_hourly_daily_current_2025.json", ".hourly.temperature_2m | max"),
        ("openmeteo_forecast_hourly_daily_current_2025.json", ".daily | keys"),
    ]

    /// What `jq -c` prints, one value a line.
    static func reference(_ select: String, fixture: String) throws -> [WatchValue] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/jq")
        process.arguments = ["-c", select, Samples.directory.appendingPathComponent(fixture).path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { WatchValue(json: $0) }
    }

    @Test(arguments: cases.indices)
    func selectsWhatJqSelects(index: Int) async throws {
        let (fixture, select) = Self.cases[index]
        let selector = try WatchSelector(select)
        let outcome = await selector.select(try Samples.data(fixture))
        let expected = try Self.reference(select, fixture: fixture)
        #expect(outcome == .values(expected), "\(select) over \(fixture)")
        #expect(!expected.isEmpty)
    }

    /// RFC 6901, over the same data as the jq path that means the same.
    @Test(arguments: [
        ("/data/0/symbol", ".data[0].symbol"),
        ("/info/coins_num", ".info.coins_num"),
        ("/data/1/percent_change_24h", ".data[1].percent_change_24h"),
    ])
    func jsonPointerSelectsTheSameAsItsPath(pointer: String, path: String) async throws {
        let data = try Samples.data("coinlore_tickers_page1.json")
        let byPointer = await (try WatchSelector(pointer)).select(data)
        #expect(byPointer == .values(try Self.reference(path, fixture: "coinlore_tickers_page1.json")))
    }

    /// The first of `WatchSelectorInlineTests.documents`.
    static let document = #"{"value": 42, "name": "w", "tags": ["v1.0", "v1.1"], "ok": true, "nested": {"a": [{"b": 1.5}, {"b": null}]}}"#

    /// Checked against Debian's `jq -c` on a small document.
    @Test func inlineSelectsWhatJqSelects() throws {
        let document = Self.document
        for program in [".value", ".tags[]", ".nested.a[].b", ".name"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/jq")
            process.arguments = ["-c", program]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data(document.utf8))
            try input.fileHandleForWriting.close()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let expected = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { WatchValue(json: $0) }
            #expect(try WatchSelector(program).selectBlocking(Data(document.utf8)) == .values(expected), "\(program)")
        }
    }
}
