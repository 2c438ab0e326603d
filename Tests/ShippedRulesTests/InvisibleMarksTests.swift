import NotifierEngine
import NotifierSystem
import NotifierWatches
import Testing

@Suite struct InvisibleMarksTests {
    @Test func bidiControlsAndZeroWidthCharactersGo() {
        let hostile = "invoice \u{202E}exe\u{200F}.\u{061C}pdf\u{200B}\u{2066}\u{FEFF}\u{2060}\u{200E}"
        #expect(InvisibleMarks.removed(from: hostile) == "invoice exe.pdf")
    }

    @Test func joinersAndOrdinaryTextStay() {
        let family = "👨\u{200D}👩\u{200D}👧"
        let persian = "می\u{200C}خواهم"
        for text in [family, persian, "שלום world", "plain"] { #expect(InvisibleMarks.removed(from: text) == text) }
    }
}

@Suite struct WatchValueMarksTests {
    @Test func aSelectedTextIsReadWithoutThem() {
        #expect(WatchValue(json: "\"invoice \u{202E}exe\u{200F}.pdf\"") == .text("invoice exe.pdf"))
        #expect(WatchValue(json: #""invoice \u202eexe\u200b.pdf""#) == .text("invoice exe.pdf"), "escaped in the JSON too")
        #expect(WatchValue(json: "[\"a\u{061C}b\"]") == .json("[\"ab\"]"))
    }
}
