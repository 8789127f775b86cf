#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
import TestSupport
@testable import LayerLabScript

/// The byte-level `Lexer` reads every text exactly as the `Character`-based one it replaced
/// (`CharacterLexer`): the same tokens with the same ranges, texts and spacing, or the same
/// positioned error — columns counted in characters, whatever the text holds.
@Suite struct LexerEquivalenceTests {
    /// The outcome of lexing, comparable across the two lexers.
    enum Outcome: Equatable, CustomStringConvertible {
        case tokens([Token])
        case error(ScriptError)

        var description: String {
            switch self {
            case .tokens(let t): return t.map { "\($0.kind)@\($0.range.start.line):\($0.range.start.column)-\($0.range.end.line):\($0.range.end.column)\($0.spaceBefore ? "_" : "")" }.joined(separator: " ")
            case .error(let e): return "error \(e) at \(e.range)"
            }
        }
    }

    static func byteLexer(_ text: String, firstLine: Int = 1) -> Outcome {
        do { return .tokens(try Lexer.tokenize(text, firstLine: firstLine)) } catch { return .error(error) }
    }

    static func reference(_ text: String, firstLine: Int = 1) -> Outcome {
        do { return .tokens(try CharacterLexer.tokenize(text, firstLine: firstLine)) } catch { return .error(error) }
    }

    /// Texts where characters are more than bytes: marks that join an ASCII letter, digit or
    /// symbol; "\r\n"; emoji sequences; characters canonically equal to ASCII punctuation;
    /// fullwidth hex digits; non-ASCII letters, digits, spaces and line breaks.
    static let cases: [String] = [
        "layer café opacity=0.5",
        "layer cafe\u{301} opacity=0.5",                  // e + combining acute: one letter
        "x=1\u{301}",                                     // digit + mark: not a number
        "x=(1,\u{301}2)",                                 // comma + mark: not a comma
        "a\r\nb\rc\nd",                                   // CR LF is one line break
        "set a x=[1,\r\n2]",
        "layer a\u{37E} layer b",                         // Greek question mark is canonically ';'
        "x=(1\u{37E}2)",
        "c=#\u{FF21}\u{FF22}\u{FF23}",                    // fullwidth hex digits
        "c=#a\u{FF22}c0 d",
        "c=#abc\u{301}",
        "s=\"👩‍👩‍👧 \u{1F1EB}\u{1F1F7}\u{1F1EB}\" t=1",
        "s=\"\\u{\u{FF11}F600}\"",
        "s=\"a\\\u{301}\"",                                // backslash + mark is not an escape
        "s=\"a\u{301}\\n\"",
        "\"\u{301}abc\"",
        "\u{600}a = 1",                                   // a prepended scalar joins the letter after it
        "\u{600}1 = 1",
        "layer \u{0663}\u{0664}",                         // Arabic-Indic digits: numbers, not ASCII
        "x=\u{0663}",
        "layer a\u{2028}layer b\u{85}layer c\u{0B}d\u{0C}e",
        "layer\u{3000}a\u{A0}b",                          // ideographic and no-break spaces
        "a \\\u{3000}\nb",
        "a \\\u{301}\nb",
        "a.\u{301}b c._\u{301}",
        "load /tmp/ü/5ü/a.lab",
        "load 5ü/a.lab",
        "x=5ü",
        "x=5\u{301}s",
        "300m\u{301}s",
        "# comment with ü\nlayer ü",
        "group g on a {\n  animate ü opacity to=0\n}",
        "\u{1F600}",
        "x=12€ y=1.5€ z=1e5€ w=.5€",                       // a digit before a character that does not join it
        "abc€ d a_bé d.€ a.b€",
        "# comment € with ü\nx=1",
        "x=\u{1F600}",
        "x=1x\u{301}2",
        "x=1e\u{301}3",
        "x=.\u{301}5",
        "\u{FEFF}layer a",
        "layer a \u{200D}",
        "set a s=\"unterminated ü",
        "a ) ü",
        String(repeating: "e\u{301}", count: 40) + " " + String(repeating: "\u{301}", count: 200),
        "x=\"" + String(repeating: "🇫🇷", count: 50) + "\" " + String(repeating: "👍🏽", count: 30),
    ]

    @Test(arguments: cases)
    func nonASCIITextLexesAsBefore(_ text: String) {
        #expect(Self.byteLexer(text) == Self.reference(text))
        #expect(Self.byteLexer(text, firstLine: 7) == Self.reference(text, firstLine: 7))
    }

    /// A few cases pinned down, so the behaviour both lexers share is visible here.
    @Test func columnsCountCharactersNotBytes() throws {
        let t = try Lexer.tokenize("layer cafe\u{301} x=1")
        let x = try #require(t.first { $0.word == "x" })
        #expect(x.range.start == LayerLabScript.SourceLocation(line: 1, column: 12))
        let crlf = try Lexer.tokenize("a\r\nb")
        #expect(crlf.map(\.kind) == [.word("a"), .separator, .word("b"), .end])
        #expect(crlf[2].range.start == LayerLabScript.SourceLocation(line: 2, column: 1))
    }

    @Test func errorsAreWhereTheyWere() {
        guard case .error(let e) = Self.byteLexer("x=\"ü\\q\"") else { Issue.record("no error"); return }
        #expect(e.range == SourceRange(LayerLabScript.SourceLocation(line: 1, column: 5), LayerLabScript.SourceLocation(line: 1, column: 7)))
    }

    /// Random texts from an alphabet of the language's punctuation, ASCII letters and digits,
    /// and the awkward characters above, in both lexers.
    @Test func randomTextsLexAsBefore() {
        let pieces: [String] = [
            "a", "b", "x", "e", "E", "s", "ms", "deg", "0", "1", "5", ".", ",", "=", "(", ")", "[", "]", "{", "}",
            "#", "#f0a", "\"", "\\", "/", ";", "-", "+", "_", " ", "\t", "\n", "\r", "\r\n", "\u{0B}",
            "\u{301}", "\u{200D}", "\u{37E}", "\u{FF21}", "\u{FF11}", "\u{0663}", "ü", "é", "\u{600}", "\u{3000}",
            "\u{2028}", "\u{85}", "👩", "🇫", "🏽", "\u{1F600}", "u{41}", "\\n", "€", "12", "ab",
        ]
        var rng = SplitMix64(seed: 12)
        for _ in 0..<3_000 {
            let n = Int.random(in: 1...24, using: &rng)
            let text = (0..<n).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let a = Self.byteLexer(text), b = Self.reference(text)
            #expect(a == b, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if a != b { return }
        }
    }

    /// Every example script lexes to the same tokens.
    @Test func examplesLexAsBefore() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples")
        let names = try FileManager.default.subpathsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".lab") }
        #expect(names.count > 10)
        for name in names {
            let text = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
            #expect(Self.byteLexer(text) == Self.reference(text), "\(name)")
        }
    }

    /// Line-by-line feeding agrees with lexing the joined text, with "\r" line ends too.
    @Test func pendingLinesWithCarriageReturns() {
        var pending = PendingLex()
        let lines = ["set a x=[1,\r", "2]\r", "layer ü \\\r", "b"]
        for (n, line) in lines.enumerated() {
            pending.feed(line)
            let whole = lines[0...n].joined(separator: "\n")
            let expected: PendingLex.State = Lexer.needsMoreInput(whole) ? .needsMore
                : ((try? Lexer.tokenize(whole)) == nil ? .failed : .complete)
            #expect(pending.state == expected, "after line \(n + 1)")
        }
    }

    /// A long run of combining marks lexes in time proportional to its length.
    @Test func longClustersLexOnce() throws {
        let text = "s=\"a" + String(repeating: "\u{301}", count: 50_000) + "\""
        let t = try Lexer.tokenize(text)
        #expect(t[2].range.end.column == 6)
    }
}
