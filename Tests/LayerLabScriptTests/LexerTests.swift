import Testing
@testable import LayerLabScript

@Suite struct LexerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var kinds: [Token.Kind]
        var testDescription: String { text }
    }

    static let cases: [Case] = [
        Case(text: "layer box", kinds: [.word("layer"), .word("box")]),
        Case(text: "set box.position.x = 10", kinds: [.word("set"), .word("box.position.x"), .symbol("="), .number(10, unit: nil)]),
        Case(text: "300ms 0.3s 90deg 1turn 2rad", kinds: [.number(300, unit: "ms"), .number(0.3, unit: "s"),
                                                         .number(90, unit: "deg"), .number(1, unit: "turn"), .number(2, unit: "rad")]),
        Case(text: "size=200x100", kinds: [.word("size"), .symbol("="), .size(200, 100)]),
        Case(text: "c=#f00 d=#11223344", kinds: [.word("c"), .symbol("="), .hexColor("f00"), .word("d"), .symbol("="), .hexColor("11223344")]),
        Case(text: "layer box # a comment", kinds: [.word("layer"), .word("box")]),
        Case(text: "#abc is a comment at the start", kinds: []),
        Case(text: "a; b", kinds: [.word("a"), .separator, .word("b")]),
        Case(text: "s=\"a\\\"b\\n\\u{41}\"", kinds: [.word("s"), .symbol("="), .string("a\"b\nA")]),
        Case(text: "x=[1,\n2]", kinds: [.word("x"), .symbol("="), .symbol("["), .number(1, unit: nil), .symbol(","),
                                         .number(2, unit: nil), .symbol("]")]),
        Case(text: "a \\\n b", kinds: [.word("a"), .word("b")]),
        Case(text: "1e3 .5 2*pi", kinds: [.number(1000, unit: nil), .number(0.5, unit: nil), .number(2, unit: nil), .symbol("*"), .word("pi")]),
        Case(text: "oval.path.2.end", kinds: [.word("oval.path.2.end")]),
    ]

    @Test(arguments: cases)
    func tokens(_ c: Case) throws {
        let kinds = try Lexer.tokenize(c.text).map(\.kind).filter { $0 != .end }
        #expect(kinds == c.kinds)
    }

    @Test func positionsAreOneBasedLinesAndColumns() throws {
        let t = try Lexer.tokenize("layer a\n  shape bb")
        let bb = try #require(t.first { $0.word == "bb" })
        #expect(bb.range == SourceRange(LayerLabScript.SourceLocation(line: 2, column: 9), LayerLabScript.SourceLocation(line: 2, column: 11)))
    }

    @Test(arguments: [
        ("set a x=[1, 2", true), ("group g on a {", true), ("layer a \\", true), ("f(1,", true),
        ("layer a", false), ("set a x=[1]", false), ("set a s=\"unterminated", false), ("a )", false),
    ])
    func continuation(_ text: String, _ more: Bool) {
        #expect(Lexer.needsMoreInput(text) == more)
    }

    @Test(arguments: ["1e400", "99999999999999999999999999999e300"])
    func hugeNumbersAreErrorsNotCrashes(_ text: String) {
        #expect(throws: ScriptError.self) { try Lexer.tokenize("x=" + text) }
    }
}
