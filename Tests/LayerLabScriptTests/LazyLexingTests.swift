import Testing
@testable import LayerLabScript

/// The parser lexes only as far as it reads, so a huge script that is wrong from its first
/// character fails after a handful of tokens rather than after tokenizing the whole file.
@Suite struct LazyLexingTests {
    /// Parses `text` command by command; returns the error and how many tokens were lexed.
    static func firstError(_ text: String) -> (error: ScriptError?, tokensLexed: Int) {
        var parser = Parser(lexing: text, firstLine: 1)
        do {
            while true {
                parser.skipSeparators()
                if parser.peek.kind == .end { return (parser.tokens.error, parser.tokens.tokens.count) }
                _ = try parser.command()
            }
        } catch {
            return (parser.tokens.error ?? error, parser.tokens.tokens.count)
        }
    }

    @Test(arguments: ["@", "\0", "%"])
    func twoMegabytesOfJunkStopAtTheFirstCharacter(_ junk: String) throws {
        let text = String(repeating: junk, count: 2_000_000)
        let (error, lexed) = Self.firstError(text)
        #expect(lexed <= 3)
        let e = try #require(error)
        #expect(e.range.start == SourceLocation(line: 1, column: 1))
        // The same error as `Parser.parse` gives for the first character alone.
        #expect(throws: e) { try Parser.parse(text) }
        #expect(throws: e) { try Parser.parse(junk) }
    }

    @Test func junkAfterAGoodCommandIsLexedOnlyToItsStart() throws {
        let text = "layer a\n" + String(repeating: "@", count: 1_000_000)
        let (error, lexed) = Self.firstError(text)
        #expect(lexed <= 6)
        #expect(error?.range.start == SourceLocation(line: 2, column: 1))
    }

    /// An error the lexer meets before the parser fails still wins, as when lexing came first.
    @Test func lexerErrorsTheParserReachedStillWin() {
        #expect(throws: ScriptError.self) { try Parser.parse("layer a x=(1") }
        guard case .unclosed = Self.firstError("layer a x=(1").error else { Issue.record("not unclosed"); return }
        guard case .unknownUnit = Self.firstError("layer a x=5abc @").error else { Issue.record("not unknownUnit"); return }
    }

    /// A whole valid script gives the same tokens lexed lazily as at once.
    @Test func validScriptsLexTheSameTokens() throws {
        let text = "layer a size=20x10 color=#f00 # c\nanimate a position.x from=0 to=[1,\n2] duration=300ms\ngroup a { animate opacity to=0; }\nexport out/2024x/a.lab\n"
        let parser = Parser(lexing: text, firstLine: 1)
        var k = 0
        while parser.tokens[k].kind != .end { k += 1 }
        #expect(parser.tokens.tokens == (try Lexer.tokenize(text)))
    }
}
