import Testing
@testable import LayerLabTerminal

/// The filter that keeps a slow terminal's answers out of the keys: whole replies go, keys
/// (arrows, Alt-letters, a lone Esc) come through as they were typed.
@Suite struct LateRepliesTests {
    func run(_ text: String, pending: Bool = true) -> (passed: String, filter: LateReplies.Filter) {
        var f = LateReplies.Filter()
        f.pending = pending
        var out: [UInt8] = []
        for b in Array(text.utf8) { out += f.feed(b) }
        return (String(decoding: out + f.held, as: UTF8.self), f)
    }

    @Test func repliesAreTakenOutAndKeysKept() {
        let (passed, f) = run("ab\u{1B}_Gi=31;OK\u{1B}\\c\u{1B}[?1;0;256S\u{1B}[6;20;10t\u{1B}[Ad\u{1B}[?62;22ce")
        #expect(passed == "abc\u{1B}[Ade")
        #expect(!f.pending, "the device attributes end the watch")
    }

    @Test func keysThatLookAlikeAreKept() {
        // Ctrl-Right, Delete, F5, Alt-x, Esc then [, and a window-op-like key sequence.
        let keys = "\u{1B}[1;5C\u{1B}[3~\u{1B}[15~\u{1B}x\u{1B}[\u{1B}[1;2t"
        let (passed, f) = run(keys)
        #expect(passed == keys)
        #expect(f.pending)
    }

    @Test func nothingIsTouchedWhenNoReplyIsDue() {
        let text = "\u{1B}[?62;22c\u{1B}_Gi=31;OK\u{1B}\\"
        #expect(run(text, pending: false).passed == text)
    }

    @Test func aReplySplitAcrossReadsIsStillTakenOut() {
        var f = LateReplies.Filter()
        f.pending = true
        var out: [UInt8] = []
        for part in ["x\u{1B}[?6", "2;4", "cy"] { for b in Array(part.utf8) { out += f.feed(b) } }
        #expect(String(decoding: out, as: UTF8.self) == "xy")
    }
}
