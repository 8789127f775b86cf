import LayerLabCore
/// A command given as separate words (a shell's arguments) rather than as text.
///
/// The words are never joined and re-read: each name becomes one string token exactly as
/// given (spaces, quotes and `;` included), each value is read on its own and must be one
/// value, and the tokens go through the command's own `CommandTable` entry. So
/// `layerlab export x.lab --png "my file.png"` names the file `my file.png`, and a value such
/// as `1; quit` is refused instead of running a second command.
///
///     var w = CommandWords(verb: "inspect")
///     w.names = ["dot.opacity"]
///     w.attributes = [("at", "fade.end - 0.1")]
///     let c = try w.command()    // inspect "dot.opacity" at=fade.end - 0.1
package struct CommandWords: Sendable {
    package var verb: String
    /// A bare keyword right after the verb (`export`'s older `gif` form).
    package var keyword: String?
    /// Positional names, in order, taken literally.
    package var names: [String] = []
    /// `key=value` pairs; each value is one value expression, or a name for `literalKeys`.
    package var attributes: [(key: String, value: String)] = []
    /// Flag words (`loop`, `animated`).
    package var flags: [String] = []
    /// Attributes whose value is taken literally, as a quoted name (file and folder names).
    package var literalKeys: Set<String> = []

    package init(verb: String) { self.verb = verb }

    /// The command as it would be typed at the prompt (names quoted): what error messages show.
    package var display: String { layout().text }

    /// Builds the command through its table entry; errors point into `display`.
    package func command() throws(ScriptError) -> Command {
        let (text, pieces) = layout()
        var tokens: [Token] = []
        for piece in pieces {
            switch piece.kind {
            case .word(let w):
                tokens.append(Token(kind: .word(w), range: piece.range, text: w, spaceBefore: true))
            case .name(let n):
                let afterEquals = tokens.last?.isSymbol("=") == true
                tokens.append(Token(kind: .string(n), range: piece.range, text: piece.text, spaceBefore: !afterEquals))
            case .equals:
                tokens.append(Token(kind: .symbol("="), range: piece.range, text: "=", spaceBefore: false))
            case .value:
                tokens += try CommandWords.valueTokens(piece)
            }
        }
        let endColumn = text.count + 1
        let endAt = SourceLocation(line: 1, column: endColumn)
        tokens.append(Token(kind: .end, range: SourceRange(endAt, endAt), text: "", spaceBefore: false))
        var parser = Parser(tokens)
        return try parser.command()
    }

    // MARK: - Layout

    struct Piece {
        enum Kind { case word(String), name(String), equals, value }
        var kind: Kind
        var text: String
        var range: SourceRange
    }

    /// The display line and where each piece sits on it.
    func layout() -> (text: String, pieces: [Piece]) {
        var text = ""
        var pieces: [Piece] = []
        func add(_ kind: Piece.Kind, _ shown: String, space: Bool = true) {
            if space && !text.isEmpty { text += " " }
            let start = text.count + 1
            text += shown
            let range = SourceRange(SourceLocation(line: 1, column: start), SourceLocation(line: 1, column: start + shown.count))
            pieces.append(Piece(kind: kind, text: shown, range: range))
        }
        add(.word(verb), verb)
        if let keyword { add(.word(keyword), keyword) }
        for n in names { add(.name(n), ValueFormatter.quoted(n)) }
        for (key, value) in attributes {
            add(.word(key), key)
            add(.equals, "=", space: false)
            if literalKeys.contains(key) {
                add(.name(value), ValueFormatter.quoted(value), space: false)
            } else {
                add(.value, value, space: false)
            }
        }
        for f in flags { add(.word(f), f) }
        return (text, pieces)
    }

    /// A value's tokens, placed where the value sits on the display line; refuses anything
    /// that is not exactly one value.
    static func valueTokens(_ piece: Piece) throws(ScriptError) -> [Token] {
        let notAValue = ScriptError.invalid("'\(escapeForTerminal(piece.text))' is not one value", piece.range)
        guard !piece.text.isEmpty, !piece.text.contains(where: \.isNewline) else { throw notAValue }
        var tokens: [Token]
        do { tokens = try Lexer.tokenize(piece.text) } catch { throw notAValue }
        let shift = piece.range.start.column - 1
        for i in tokens.indices {
            let r = tokens[i].range
            tokens[i].range = SourceRange(SourceLocation(line: 1, column: r.start.column + shift),
                                          SourceLocation(line: 1, column: r.end.column + shift))
        }
        tokens[0].spaceBefore = false
        var check = Parser(tokens)
        do {
            _ = try check.expression()
        } catch {
            throw error
        }
        guard check.peek.kind == .end else { throw notAValue }
        return Array(tokens.dropLast())
    }
}
