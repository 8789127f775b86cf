import Testing
@testable import LayerLabScript

/// Hostile input that used to cost time quadratic in its length. Each test feeds far more than
/// the reported reproducer (which took 26 s in release), so a return to quadratic work would
/// make the suite hang rather than pass.
struct LinearInputTests {
    /// 200 KB of `[` and `;` (the reproducer was 40 KB): every `;` used to count the open
    /// brackets afresh.
    @Test func manyOpenBracketsLexInLinearTime() {
        let text = String(repeating: "[;", count: 100_000)
        #expect(throws: ScriptError.self) { try Lexer.tokenize(text) }
        #expect(Lexer.needsMoreInput(text))
        var pending = PendingLex()
        pending.feed(text)
        #expect(pending.state == .needsMore)
        #expect(pending.innermostOpen?.location == SourceLocation(line: 1, column: 199_999))
    }

    /// An unclosed `(` followed by 20,000 lines (the reproducer was 8,000): each line used to
    /// re-lex everything typed so far, and the history entry did so once more per line.
    @Test func aLongOpenCommandIsReadInLinearTime() {
        var s = Session()
        #expect(s.handle("layer box position=(10,").isMore)
        for _ in 0..<20_000 {
            #expect(s.handle("").isMore)
            #expect(s.openInput == "(")
        }
        let outcome = s.handle("10)")
        #expect(!outcome.isMore)
        #expect(s.document.layer(named: "box") != nil)
        let lines = ["layer box position=(10,"] + Array(repeating: "", count: 20_000) + ["10)"]
        #expect(Lexer.historyEntry(lines) == "layer box position=(10, 10)")
    }

    /// Fed line by line, the lexer agrees with lexing the joined text at every line.
    @Test(arguments: [
        ["layer a \\", "  b"],
        ["x=[1,", "# not a colour", "#abc]", "y"],
        ["group g on box {", "animate opacity to=0 \\  ", "", "}"],
        ["s=(1,", "\"open", "2)"],
        ["a=(1 \\", "2", ")"],
        ["{ (", "}", ")"],
        ["p=1e", "3)"],
    ])
    func feedingLinesMatchesLexingTheWhole(_ lines: [String]) {
        var pending = PendingLex()
        for (n, line) in lines.enumerated() {
            pending.feed(line)
            let whole = lines[...n].joined(separator: "\n")
            let expected: PendingLex.State = Lexer.needsMoreInput(whole) ? .needsMore
                : ((try? Lexer.tokenize(whole)) == nil ? .failed : .complete)
            #expect(pending.state == expected, "after line \(n + 1)")
            let open = Lexer.innermostOpen(whole)
            #expect(pending.innermostOpen?.bracket == open?.bracket)
            #expect(pending.innermostOpen?.location == open?.location)
        }
    }
}
