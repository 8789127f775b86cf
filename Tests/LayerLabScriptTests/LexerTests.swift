import Testing
import TestSupport
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

    /// Short decimals are read without `strtod`; every one must be the double `Double(text)`
    /// gives, bit for bit (random digits, every position of the point, 1 to 17 digits).
    @Test func decimalsReadAsTheStandardParserReadsThem() throws {
        var rng = SplitMix64(seed: 53)  // seeded: a failure names its decimal and recurs
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...17, using: &rng)
            var digits = (0..<count).map { _ in String(Int.random(in: 0...9, using: &rng)) }.joined()
            let dot = Int.random(in: 0...count, using: &rng)
            if dot < count { digits.insert(".", at: digits.index(digits.startIndex, offsetBy: dot)) }
            if digits.hasPrefix(".") { digits = "0" + digits }
            let tokens = try Lexer.tokenize(digits)
            guard case .number(let v, nil) = tokens[0].kind else {
                Issue.record("\(digits) lexed as \(tokens[0].kind)"); continue
            }
            #expect(v.bitPattern == Double(digits)!.bitPattern, "\(digits)")
        }
        for text in ["0.1", "0.3", "2.675", "9007199254740993", "123456789012345.6", "0.000000000000001", ".5"] {
            guard case .number(let v, nil) = try Lexer.tokenize(text)[0].kind else { Issue.record("\(text) is not a number"); continue }
            #expect(v.bitPattern == Double(text.hasPrefix(".") ? "0" + text : text)!.bitPattern, "\(text)")
        }
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

    /// File names are read unquoted from adjacent tokens: a folder or file name starting with
    /// digits (as `mktemp` and dates make them) is one word of the path, not a number with an
    /// unknown unit.
    @Test(arguments: ["/tmp/x-5WPtzP/a.lab", "./out/2024-demo.lab", "out/2024x-demo/b.lab", "/tmp/1e/x.json",
                      "/tmp/a.5x/b.lab", "5abc/a.lab", "~/9lives/3d.lab", "/tmp/x-5s/a.lab"])
    func pathsWithDigitLedPartsAreOneFileName(_ path: String) throws {
        let c = try #require(try Parser.parse("load " + path).first)
        guard case .load(let file) = c.kind else { Issue.record("got \(c.kind)"); return }
        #expect(file.text == path)
        #expect(c.text == "load " + path)
    }

    @Test func numbersInExpressionsStayNumbers() throws {
        let kinds = try Lexer.tokenize("x=-5 y=x-5 z=10/2s w=a/2").map(\.kind).filter { $0 != .end }
        #expect(kinds == [.word("x"), .symbol("="), .symbol("-"), .number(5, unit: nil),
                          .word("y"), .symbol("="), .word("x"), .symbol("-"), .number(5, unit: nil),
                          .word("z"), .symbol("="), .number(10, unit: nil), .symbol("/"), .number(2, unit: "s"),
                          .word("w"), .symbol("="), .word("a"), .symbol("/"), .number(2, unit: nil)])
    }

    /// Outside a path a number with letters after it is still a mistyped unit.
    @Test(arguments: ["x=-5abc", "x=x-5WPtzP", "d=5sec", "load 5abc"])
    func unknownUnitsAreStillErrors(_ text: String) {
        #expect(throws: ScriptError.self) { try Lexer.tokenize(text) }
    }

    /// A run of thousands of path parts, each led by digits, lexes in linear time: the `/`
    /// found ahead is remembered, not looked for again from every part.
    @Test func longDigitLedPathsLexOnce() throws {
        let text = "load " + String(repeating: "5a-", count: 20_000) + "/x"
        var lexer = Lexer(text, firstLine: 1)
        try lexer.run()
        #expect(lexer.tokens.count == 2 + 2 * 20_000 + 2)
        #expect(lexer.lookaheadSteps <= text.count)
    }
}
