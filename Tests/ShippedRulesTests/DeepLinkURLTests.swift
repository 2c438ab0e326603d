import NotifierEngine
import Testing

@Suite struct DeepLinkURLTests {
    @Test(arguments: [
        ("notifier://country/KZ", ["open", "country", "KZ"]),
        ("NOTIFIER://country/KZ", ["open", "country", "KZ"]),
        ("notifier://crypto/BTC", ["open", "crypto", "BTC"]),
        ("notifier://holiday/2026-12-24", ["open", "holiday", "2026-12-24"]),
        ("notifier://week/2026-12-21", ["open", "week", "2026-12-21"]),
        ("notifier://list/crypto", ["list", "crypto"]),
        ("notifier://history", ["history"]),
        ("notifier://history/t8k2zq-0a1b2c3d", ["history", "--group", "t8k2zq-0a1b2c3d"]),
        ("notifier://feed/crypto", ["open", "feed", "crypto"]),
        ("notifier://forecast/Tallinn", ["open", "forecast", "Tallinn"]),
        ("notifier://forecast/Sao-Paulo", ["open", "forecast", "Sao-Paulo"]),
    ])
    func validLinks(_ url: String, _ arguments: [String]) throws {
        #expect(try DeepLink(url: url).arguments == arguments)
    }

    @Test(arguments: [
        "", "notifier:", "notifier://", "notifier:/country/KZ", "http://country/KZ", "file:///etc/passwd",
        "notifier://country", "notifier://country/", "notifier://country/KZ/", "notifier://country/KZ/extra",
        "notifier://country/../../etc", "notifier://country/%4B%5A", "notifier://country/KZ?x=1", "notifier://country/KZ#top",
        "notifier://country/kaz", "notifier://country/K", "notifier://country/KZ;reboot", "notifier://country/$(id)",
        "notifier://country/ÄÖ", "notifier://country/K Z", "notifier://country/KZ\n", "notifier://crypto/" + String(repeating: "A", count: 200),
        "notifier://holiday/2026-02-30", "notifier://holiday/2026-12-24T00:00", "notifier://week/today",
        "notifier://forecast/-rf", "notifier://forecast/São", "notifier://forecast/New York",
        "notifier://forecast/" + String(repeating: "a", count: 61), "notifier://forecast/a.b", "notifier://history/all", "notifier://user@country/KZ",
        "notifier://country:80/KZ",
        "notifier://list/../history", "notifier://history/t8k2zq", "notifier://history/T8K2ZQ-0A1B2C3D", "notifier://history/t8k2zq-0a1b2c3d/x",
        "notifier://history/-0a1b2c3d", "notifier://history/t8k2zq-0a1b2c3g", "notifier://feed/Crypto", "notifier://feed/a-b", "notifier://feed/",
        "notifier:///country/KZ", "notifier://\u{202E}country/KZ",
    ])
    func hostileLinksAreRefused(_ url: String) {
        #expect(throws: DeepLink.URLError.self) { try DeepLink(url: url) }
    }
}
