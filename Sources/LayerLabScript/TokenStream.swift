/// The parser's tokens, lexed only as far as the parser looks, so a script whose first
/// command is bad fails after lexing a few tokens instead of the whole file (a 10 MB file of
/// one bad character used to build ten million tokens before its error at 1:1).
///
/// A lexer error is kept and the stream ends there; `Parser.parse` reports it in preference
/// to any parse error, so whatever the parser has looked at gives the same error as lexing
/// the whole text first would.
final class TokenStream {
    private(set) var tokens: [Token]
    private var lexer: Lexer?
    /// How many of the lexer's tokens are already in `tokens` (it keeps its last one, which
    /// decides whether `#abc` is a colour).
    private var taken = 0
    /// The lexer's error, once lexing reached it.
    private(set) var error: ScriptError?

    /// Tokens known in advance (ending with `.end`).
    init(_ tokens: [Token]) { self.tokens = tokens }

    init(lexing text: String, firstLine: Int) {
        tokens = []
        lexer = Lexer(text, firstLine: firstLine)
    }

    /// Token `k`, lexing up to it; past the end the last token (`.end`).
    subscript(k: Int) -> Token {
        while k >= tokens.count, lexer != nil { lexMore() }
        return tokens[min(k, tokens.count - 1)]
    }

    /// Whether token `k` exists (lexing up to it).
    func has(_ k: Int) -> Bool {
        _ = self[k]
        return k < tokens.count
    }

    /// Lexes on to the next token; at the end or on an error, ends the stream.
    /// NB: the lexer is stepped where it is stored (moving it out and back for each token
    /// copied and destroyed the whole struct, about a thousand instructions a token).
    private func lexMore() {
        guard lexer != nil else { return }
        do {
            while lexer!.tokens.count == taken {
                if lexer!.peek() == nil { try lexer!.finish() } else { try lexer!.step() }
            }
        } catch {
            self.error = error
            let at = lexer!.here
            lexer = nil
            tokens.append(Token(kind: .end, range: SourceRange(at, at), text: "", spaceBefore: true))
            return
        }
        tokens.append(contentsOf: lexer!.tokens[taken...])
        if tokens.last?.kind == .end { lexer = nil; return }
        if lexer!.tokens.count > 1 { lexer!.tokens.removeFirst(lexer!.tokens.count - 1) }
        taken = lexer!.tokens.count
    }
}
