import Foundation
import NotifierCrypto
import NotifierEngine
import TestSupport
import Testing

/// What the decoder makes of garbage: truncated, mistyped and mangled answers.
extension CryptoDecoderTests {

    @Test func truncatedJSONIsNotJSON() throws {
        let sample = try Samples.data(Self.pageSample)
        for length in [0, 1, 17, sample.count / 2, sample.count - 3] {
            #expect(throws: CoinLoreDecoder.DecodeError.self) { try CoinLoreDecoder.decodeTickersPage(sample.prefix(length)) }
        }
        let error = decodeError { try CoinLoreDecoder.decodeTickersPage(sample.prefix(sample.count / 2)) }
        guard case .notJSON = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(error?.description == "not the expected JSON (invalid or truncated JSON)")
        #expect(decodeError { try CoinLoreDecoder.decodeTickers(Data("  \n".utf8)) } == .notJSON("empty body"))
    }

    @Test func anHTMLPageIsNotJSONAndSaysWhatItWas() {
        let html = Data("<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>".utf8)
        let error = decodeError { try CoinLoreDecoder.decodeTickersPage(html) }
        guard case .notJSON(let detail) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(detail.contains("<!DOCTYPE html> <html>"))
        #expect(detail.count < 60)
        #expect(decodeError { try CoinLoreDecoder.decodeTickers(html) } != nil)
        #expect(decodeError { try CoinLoreDecoder.decodeTickers(Data()) } == .notJSON("empty body"))
    }

    @Test(arguments: [
        "[1,2]", "{}", #"{"data":{}}"#, #"{"data":5}"#, #"{"data":"[]"}"#, #"{"data":null}"#, "null", "42",
        #""data""#, #"{"error":"rate limited"}"#,
    ])
    func wrongTypesAreNotJSON(_ body: String) {
        let error = decodeError { try CoinLoreDecoder.decodeTickersPage(Data(body.utf8)) }
        guard case .notJSON(let detail) = error else {
            Issue.record("\(body): got \(String(describing: error))")
            return
        }
        #expect(!detail.isEmpty && detail.count < 80, "\(detail)")
    }

    @Test(arguments: ["{}", #"{"data":[]}"#, "null", "42", #""x""#, #"[[1]]"#])
    func wrongTypesForTheIdAnswer(_ body: String) {
        let error = decodeError { try CoinLoreDecoder.decodeTickers(Data(body.utf8)) }
        #expect(error != nil, "\(body)")
        if body == "[[1]]" { #expect(error == .noTickers) } else if case .notJSON = error {} else { Issue.record("\(body): got \(String(describing: error))") }
    }

    @Test func neverCrashesOnMangledSamples() throws {
        var generator = SeededGenerator(seed: 20_241_207)
        let junk: [UInt8] = Array(#"{}[]",:0-.eE"\ "#.utf8) + [0x00, 0xFF, 0xC3]
        // The page cut to every kind of value once (`ExactDecimalTests.everyKindOnce`): its other
        // entries hold those kinds again, and each costs every round's decoding as much.
        for sample in [try ExactDecimalTests.everyKindOnce(Samples.data(Self.pageSample)).page, Array(try Samples.data(Self.idSample))] {
            for _ in 0..<150 {
                let bytes = Mangled.bytes(sample, edits: 1...4, junk: junk, using: &generator)
                // Either tickers with real prices, or a DecodeError: nothing else.
                for result in [
                    Result { try CoinLoreDecoder.decodeTickersPage(Data(bytes)) },
                    Result { try CoinLoreDecoder.decodeTickers(Data(bytes)) },
                ] {
                    if case .success(let tickers) = result {
                        #expect(!tickers.isEmpty && tickers.allSatisfy { $0.priceUSD > 0 && !$0.symbol.isEmpty })
                    }
                }
            }
        }
    }

    // MARK: - The model

    @Test func aTickerSurvivesJSONExactly() throws {
        let tickers = try CoinLoreDecoder.decodeTickersPage(Samples.data(Self.pageSample))
        let back = try JSONDecoder().decode([Ticker].self, from: JSONEncoder().encode(tickers))
        #expect(back == tickers)
    }

    /// The DecodeError a decode throws, or nil when it succeeds.
    private func decodeError(_ body: () throws -> [Ticker]) -> CoinLoreDecoder.DecodeError? {
        do {
            _ = try body()
            return nil
        } catch let error as CoinLoreDecoder.DecodeError {
            return error
        } catch {
            Issue.record("not a DecodeError: \(error)")
            return nil
        }
    }
}
