import Foundation
import NotifierCrypto
import TestSupport
import Testing

@Suite struct CryptoDecoderTests {
    static let pageSample = "coinlore_tickers_page1.json"
    static let idSample = "coinlore_ticker_id90.json"

    func exact(_ text: String) throws -> Decimal {
        try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    }

    func sampleText(_ name: String) throws -> String {
        String(decoding: try Samples.data(name), as: UTF8.self)
    }

    /// The sample with its text edited: the README asks for variants made in code.
    func variant(_ name: String, _ edits: [(String, String)]) throws -> Data {
        var text = try sampleText(name)
        for (old, new) in edits {
            #expect(text.contains(old), "the sample no longer contains \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return Data(text.utf8)
    }

    /// The sample's own entries, as JSON objects (strings stay the strings the service sent).
    func rawEntries() throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Samples.data(Self.pageSample)) as? [String: Any]
        return try #require(object?["data"] as? [[String: Any]])
    }

    // MARK: - The samples

    @Test func decodesEveryTickerOfThePage() throws {
        let tickers = try CoinLoreDecoder.decodeTickersPage(Samples.data(Self.pageSample))
        #expect(tickers.count == 100)
        #expect(Set(tickers.map(\.id)).count == 100)
        #expect(tickers.map(\.rank) == Array(1...100))

        let btc = try #require(tickers.first)
        #expect(btc.id == "90" && btc.symbol == "BTC" && btc.name == "Bitcoin")
        #expect(btc.priceUSD == (try exact("99584.59")))
        #expect(btc.priceUSD.description == "99584.59")
        #expect(btc.change1h == (try exact("0.13")))
        #expect(btc.change24h == (try exact("1.25")))
        #expect(btc.change7d == (try exact("2.39")))
        #expect(btc.marketCapUSD == (try exact("1967874549929.50")))
        #expect(btc.volume24USD == (try exact("60985129577.58225")))

        let bnb = try #require(tickers.first { $0.symbol == "BNB" })
        #expect(bnb.change1h == (try exact("-0.22")))
        let shib = try #require(tickers.first { $0.symbol == "SHIB" })
        #expect(shib.priceUSD == (try exact("0.000031")))
        #expect(shib.priceUSD.description == "0.000031")
    }

    @Test func everyPriceAndChangeIsTheSampleStringExactly() throws {
        let tickers = try CoinLoreDecoder.decodeTickersPage(Samples.data(Self.pageSample))
        let entries = try rawEntries()
        #expect(entries.count == tickers.count)
        for (entry, ticker) in zip(entries, tickers) {
            #expect(ticker.id == entry["id"] as? String)
            for (key, value) in [
                ("price_usd", ticker.priceUSD), ("percent_change_1h", ticker.change1h),
                ("percent_change_24h", ticker.change24h), ("percent_change_7d", ticker.change7d),
                ("market_cap_usd", ticker.marketCapUSD),
            ] as [(String, Decimal?)] {
                let text = try #require(entry[key] as? String, "\(ticker.symbol) \(key)")
                #expect(value == (try exact(text)), "\(ticker.symbol) \(key) \(text)")
            }
        }
    }

    @Test func volumeSentAsAJSONNumberKeepsEveryDigit() throws {
        // JSONSerialization would go through Double: take the digits from the text instead.
        let text = try sampleText(Self.pageSample)
        let pattern = try NSRegularExpression(pattern: #""volume24": ([-0-9.eE+]+)"#)
        let digits = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
        let tickers = try CoinLoreDecoder.decodeTickersPage(Samples.data(Self.pageSample))
        #expect(digits.count == 100)
        for (volume, ticker) in zip(digits, tickers) {
            #expect(ticker.volume24USD == (try exact(volume)), "\(ticker.symbol) \(volume)")
        }
        // 1369876797.2436984 has 17 significant digits; Decimal(Double) would not give them back.
        #expect(tickers[2].volume24USD?.description == "1369876797.2436984")
    }

    @Test func decodesTheIdAnswer() throws {
        let tickers = try CoinLoreDecoder.decodeTickers(Samples.data(Self.idSample))
        #expect(tickers.count == 1)
        #expect(
            tickers[0]
                == Ticker(
                    id: "90", symbol: "BTC", name: "Bitcoin", rank: 1, priceUSD: try exact("66744.89"),
                    change1h: try exact("0.38"), change24h: try exact("1.05"), change7d: try exact("7.06"),
                    marketCapUSD: try exact("1312754924281.60"), volume24USD: try exact("27169388286.148212"),
                    circulatingSupply: try exact("19668246.00"), totalSupply: try exact("19668246"), maxSupply: try exact("21000000")
                ))
    }

    @Test func theTwoAnswerShapesAreNotInterchangeable() throws {
        #expect(throws: CoinLoreDecoder.DecodeError.self) { try CoinLoreDecoder.decodeTickers(Samples.data(Self.pageSample)) }
        #expect(throws: CoinLoreDecoder.DecodeError.self) { try CoinLoreDecoder.decodeTickersPage(Samples.data(Self.idSample)) }
    }

    // MARK: - Quirks

    @Test func eNotationIsExact() throws {
        // The sample's E-notation strings sit in fields the ticker does not keep (price_btc,
        // tsupply): read them directly, and put one in the price.
        let entries = try rawEntries()
        let shib = try #require(entries.first { $0["symbol"] as? String == "SHIB" })
        #expect(shib["price_btc"] as? String == "3.14E-10")
        #expect(Ticker.parseDecimal("3.14E-10") == Decimal(sign: .plus, exponent: -12, significand: 314))
        #expect(Ticker.parseDecimal("5.8951910369752E+14") == (try exact("589519103697520")))
        #expect(Ticker.parseDecimal("6.80E-7") == (try exact("0.00000068")))
        #expect(Ticker.parseDecimal("3.79E-11")?.description == "0.0000000000379")

        let data = try variant(
            Self.pageSample,
            [
                (#""price_usd": "0.000031""#, #""price_usd": "3.14E-10""#),
                (#""percent_change_1h": "-1.66""#, #""percent_change_1h": "-1.66e0""#),
            ])
        let ticker = try #require(try CoinLoreDecoder.decodeTickersPage(data).first { $0.symbol == "SHIB" })
        #expect(ticker.priceUSD == Decimal(sign: .plus, exponent: -12, significand: 314))
        #expect(ticker.priceUSD.description == "0.000000000314")
        #expect(ticker.change1h == (try exact("-1.66")))
    }

    @Test(arguments: [
        ("99584.59", "99584.59"), ("-0.22", "-0.22"), ("+1.5", "1.5"), (" 1.00 ", "1"), ("1E5", "100000"),
        ("2.5e+3", "2500"), (".5", "0.5"), ("7.", "7"), ("0.000004", "0.000004"),
        ("123456789.123456789123", "123456789.123456789123"),
    ])
    func parsesDecimalText(_ text: String, _ expected: String) throws {
        #expect(Ticker.parseDecimal(text) == (try exact(expected)))
    }

    @Test(arguments: [
        "", " ", "abc", "NaN", "nan", "Infinity", "0x1A", "1,5", "1.5abc", "1e", "1e+", "e5", ".", "-", "1.2.3",
        "1e400", "١٢", "1 000", "--1", "$5",
    ])
    func rejectsWhatIsNotADecimal(_ text: String) {
        #expect(Ticker.parseDecimal(text) == nil)
    }

    @Test func maxSupplyEmptyOrNullDoesNotMatter() throws {
        let entries = try rawEntries()
        #expect(entries.filter { $0["msupply"] as? String == "" }.count == 29)
        #expect(entries.filter { $0["msupply"] is NSNull }.count == 8)
        let tickers = try CoinLoreDecoder.decodeTickersPage(Samples.data(Self.pageSample))
        let withoutSupply = entries.filter { $0["msupply"] is NSNull || $0["msupply"] as? String == "" }.compactMap { $0["id"] as? String }
        #expect(Set(withoutSupply).isSubset(of: Set(tickers.map(\.id))))
        // And BTC, edited to both.
        for msupply in ["\"\"", "null"] {
            let data = try variant(Self.idSample, [(#""msupply": "21000000""#, #""msupply": \#(msupply)"#)])
            #expect(try CoinLoreDecoder.decodeTickers(data).first?.symbol == "BTC")
        }
    }

    @Test func volumeAsAStringIsTheSameValue() throws {
        let asNumber = try CoinLoreDecoder.decodeTickers(Samples.data(Self.idSample))
        let asString = try CoinLoreDecoder.decodeTickers(
            variant(
                Self.idSample,
                [
                    (#""volume24": 27169388286.148212"#, #""volume24": "27169388286.148212""#)
                ]))
        #expect(asString == asNumber)
        #expect(asString[0].volume24USD == (try exact("27169388286.148212")))
    }

    @Test func numbersAndStringsAreInterchangeableEverywhere() throws {
        let json = #"""
            [{"id": 90, "symbol": "BTC", "name": "Bitcoin", "rank": "1", "price_usd": 66744.89,
              "percent_change_1h": 0.38, "percent_change_24h": "1.05", "percent_change_7d": -7,
              "market_cap_usd": 1312754924281.60, "volume24": "27169388286.148212"}]
            """#
        let ticker = try #require(try CoinLoreDecoder.decodeTickers(Data(json.utf8)).first)
        #expect(ticker.id == "90" && ticker.rank == 1)
        #expect(ticker.priceUSD == (try exact("66744.89")))
        #expect(ticker.change1h == (try exact("0.38")))
        #expect(ticker.change7d == -7)
        #expect(ticker.marketCapUSD == (try exact("1312754924281.6")))
    }

    @Test func emptyNullMissingOrBadOptionalFieldsAreNil() throws {
        let json = #"""
            [{"id": "90", "symbol": " BTC ", "rank": 1, "price_usd": "66744.89",
              "percent_change_1h": "", "percent_change_24h": null, "percent_change_7d": "n/a",
              "market_cap_usd": {"usd": 1}, "volume24": 1e400}]
            """#
        let ticker = try #require(try CoinLoreDecoder.decodeTickers(Data(json.utf8)).first)
        #expect(ticker == Ticker(id: "90", symbol: "BTC", name: "BTC", rank: 1, priceUSD: try exact("66744.89")))
    }

    @Test func aTickerWithoutAUsablePriceSymbolOrIdIsSkipped() throws {
        let good = #"{"id":"80","symbol":"ETH","name":"Ethereum","rank":2,"price_usd":"3992.98"}"#
        let bad = [
            #"{"id":"90","symbol":"BTC","rank":1}"#,
            #"{"id":"91","symbol":"A","rank":1,"price_usd":""}"#,
            #"{"id":"92","symbol":"B","rank":1,"price_usd":null}"#,
            #"{"id":"93","symbol":"C","rank":1,"price_usd":"abc"}"#,
            #"{"id":"94","symbol":"D","rank":1,"price_usd":"0.00"}"#,
            #"{"id":"95","symbol":"E","rank":1,"price_usd":"-3"}"#,
            #"{"id":"96","symbol":"F","rank":1,"price_usd":true}"#,
            #"{"id":"97","symbol":"","rank":1,"price_usd":"1.0"}"#,
            #"{"id":"98","rank":1,"price_usd":"1.0"}"#,
            #"{"symbol":"G","rank":1,"price_usd":"1.0"}"#,
            #"{"id":"99","symbol":["H"],"rank":1,"price_usd":"1.0"}"#,
            "42", "null", #""BTC""#, "[]",
        ]
        let page = Data(#"{"data":[\#((bad + [good]).joined(separator: ","))],"info":{}}"#.utf8)
        let tickers = try CoinLoreDecoder.decodeTickersPage(page)
        #expect(tickers.map(\.symbol) == ["ETH"])
        #expect(tickers[0].priceUSD == (try exact("3992.98")))

        let array = Data("[\(bad.joined(separator: ",")),\(good)]".utf8)
        #expect(try CoinLoreDecoder.decodeTickers(array).map(\.symbol) == ["ETH"])
        // Nothing usable at all is no tickers, never a zero price.
        #expect(throws: CoinLoreDecoder.DecodeError.noTickers) {
            try CoinLoreDecoder.decodeTickers(Data("[\(bad.joined(separator: ","))]".utf8))
        }
    }

    @Test func anEmptyDataArrayIsNoTickers() throws {
        #expect(throws: CoinLoreDecoder.DecodeError.noTickers) {
            try CoinLoreDecoder.decodeTickersPage(Data(#"{"data":[],"info":{"coins_num":0,"time":1733573523}}"#.utf8))
        }
        #expect(throws: CoinLoreDecoder.DecodeError.noTickers) { try CoinLoreDecoder.decodeTickers(Data("[]".utf8)) }
        #expect(CoinLoreDecoder.DecodeError.noTickers.description == "no tickers in the response")
    }
}
