import Foundation
import TestSupport
import Testing

@testable import NotifierCountries
@testable import NotifierEngine

@Suite struct DeepLinkViewTests {
    @Test(arguments: ["crypto_moves", "a", "x1", String(repeating: "z", count: 40)])
    func validRuleLists(_ rule: String) throws {
        let link = try #require(DeepLink.list(rule))
        #expect(link.arguments == ["list", rule])
        #expect(link.url == "notifier://list/\(rule)")
        #expect(link.command == "notifier list \(rule)")
    }

    @Test(arguments: ["", "Crypto", "crypto-moves", "a b", "../x", "$(rm)", "ü", "x\n", String(repeating: "z", count: 41)])
    func hostileRuleListsAreRejected(_ rule: String) {
        #expect(DeepLink.list(rule) == nil)
    }

    @Test func theHistory() {
        #expect(DeepLink.history.arguments == ["history"])
        #expect(DeepLink.history.url == "notifier://history")
        #expect(DeepLink.history.command == "notifier history")
        #expect(DeepLink(view: .history, argument: "x") == nil)
        #expect(DeepLink(view: .history, argument: "all") == .history)
    }

    @Test func countriesAreUnchanged() {
        #expect(DeepLink.country("kz")?.arguments == ["open", "country", "KZ"])
        #expect(DeepLink.country("kz")?.url == "notifier://country/KZ")
    }
}

@Suite struct AlertCompatibilityTests {
    @Test func alertsStoredBeforeTheGroupFieldsStillDecode() throws {
        let old = Data(
            #"""
            {"rule":"launch_country","key":"KZ","title":"🇰🇿 Kazakhstan","body":"b","urgency":"low",
             "category":"x-notifier.country","deepLink":{"view":"country","argument":"KZ"}}
            """#.utf8)
        let alert = try JSONDecoder().decode(Alert.self, from: old)
        #expect(alert.groupFragment == nil && alert.groupNoun == nil && alert.members == nil)
        #expect(alert.individualAlerts == [alert])
    }

    @Test func groupsRoundTripWithTheirMembers() throws {
        let group = Outbox.grouped([sampleAlert(key: "BTC", fragment: "+5%", noun: "coins moved"), sampleAlert(key: "ETH")])
        #expect(try roundTrip(group) == group)
        #expect(group.individualAlerts.map(\.key) == ["BTC", "ETH"])
    }
}
