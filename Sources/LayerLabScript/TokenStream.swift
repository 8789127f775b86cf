/// The parser's tokens, lexed only as far as the parser looks, so a script whose first
/// command is bad fails after lexing a few tokens instead of the whole file (a 10 MB file of
/// one bad character used to build ten million tokens before its error at 1:1).
///
/// A lexer error is kept and the stream ends there; `Parser.parse` reports it in preference
/// to any parse error, so whatever the parser has looked at gives the same error as lexing
/// the whole text first would.
///
/// The tokens live in the lexer's own list, read where they are: copying each token out of
/// the lexer into a second list and trimming the lexer's cost as much as lexing did. The
/// stream belongs to one parser and is never reached re-entrantly (no call below it reads the
/// stream), so its fields skip the runtime's exclusivity checks (two a token read otherwise).
final class TokenStream {
    /// Lexes on demand and holds every token lexed so far.
    @exclusivity(unchecked) private var lexer: Lexer
    /// Whether more tokens may follow (false once `.end` is in).
    @exclusivity(unchecked) private var lexing: Bool
    /// The lexer's error, once lexing reached it.
    @exclusivity(unchecked) private(set) var error: ScriptError?

    /// Every token lexed so far.
    var tokens: [Token] { lexer.tokens }

    /// Tokens known in advance (ending with `.end`).
    init(_ tokens: [Token]) {
        lexer = Lexer(bytes: [], firstLine: 1)
        lexer.tokens = tokens
        lexing = false
    }

    init(lexing text: String, firstLine: Int) {
        lexer = Lexer(text, firstLine: firstLine)
        lexing = true
    }

    /// Token `k`, lexing up to it; past the end the last token (`.end`). Lent in place, not
    /// copied: the parser mostly asks one field of it (`peek.kind`), and a whole copy retains
    /// and releases its strings.
    subscript(k: Int) -> Token {
        _read {
            while k >= lexer.tokens.count, lexing { lexMore() }
            yield lexer.tokens[min(k, lexer.tokens.count - 1)]
        }
    }

    /// Whether token `k` exists (lexing up to it).
    func has(_ k: Int) -> Bool {
        _ = self[k]
        return k < lexer.tokens.count
    }

    /// Lexes on to the next token; at the end or on an error, ends the stream. A step that
    /// throws has added no token, so the `.end` put in its place follows the last good one.
    private func lexMore() {
        let count = lexer.tokens.count
        do {
            while lexer.tokens.count == count {
                if lexer.peek() == nil { try lexer.finish() } else { try lexer.step() }
            }
        } catch {
            self.error = error
            lexing = false
            let at = lexer.here
            lexer.tokens.append(Token(kind: .end, range: SourceRange(at, at), text: "", spaceBefore: true))
            return
        }
        if lexer.tokens.last?.kind == .end { lexing = false }
    }
}
