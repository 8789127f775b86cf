import LayerLabCore

/// Turns tokens into commands. Knows the shape of each command (its positional words and
/// blocks) but not what names exist or what types values take; `Session.perform` checks those when it runs the command.
package struct Parser {
    let tokens: TokenStream
    /// The index in `tokens` of the next token to read.
    var position = 0
    /// How deeply the value being read nests (brackets and signs).
    var depth = 0
    /// The deepest a value may nest; far below what the stack can take.
    static let maxNesting = 256

    init(_ tokens: [Token]) { self.tokens = TokenStream(tokens) }

    init(lexing text: String, firstLine: Int) { tokens = TokenStream(lexing: text, firstLine: firstLine) }

    /// Parses every command in `text` (lines numbered from `firstLine`). The text is lexed as
    /// the parser goes; an error the lexer met first wins over the parser's.
    package static func parse(_ text: String, firstLine: Int = 1) throws(ScriptError) -> [Command] {
        var parser = Parser(lexing: text, firstLine: firstLine)
        var commands: [Command] = []
        do {
            while true {
                parser.skipSeparators()
                if parser.peek.kind == .end { break }
                commands.append(try parser.command())
            }
        } catch {
            throw parser.tokens.error ?? error
        }
        if let error = parser.tokens.error { throw error }
        return commands
    }

    /// One value and nothing after it (a kept spelling read back), or nil.
    static func expression(_ text: String) -> Expr? {
        // After `key=`, as in a command: elsewhere `#` begins a comment.
        var parser = Parser(lexing: "v=" + text, firstLine: 1)
        guard parser.peek.word == "v", parser.peekNext.isSymbol("=") else { return nil }
        parser.position += 2
        guard let e = try? parser.expression(), parser.peek.kind == .end, parser.tokens.error == nil else { return nil }
        return e
    }

    // MARK: - Token access

    var peek: Token { _read { yield tokens[position] } }
    var peekNext: Token { _read { yield tokens[position + 1] } }

    mutating func next() -> Token {
        let t = tokens[position]
        if t.kind != .end { position += 1 }
        return t
    }

    /// Steps over `symbol` when it is the next token; says whether it was.
    mutating func skip(symbol: Character) -> Bool {
        guard peek.isSymbol(symbol) else { return false }
        position += 1
        return true
    }

    mutating func skipSeparators() { while peek.kind == .separator { position += 1 } }

    var atCommandEnd: Bool {
        peek.kind == .separator || peek.kind == .end || peek.isSymbol("}") || peek.isSymbol("{")
    }

    mutating func expectSymbol(_ c: Character, _ what: String? = nil) throws(ScriptError) -> Token {
        guard peek.isSymbol(c) else { throw .unexpected(found: peek.described, expected: what ?? "'\(c)'", peek.range) }
        return next()
    }

    mutating func name(_ what: String) throws(ScriptError) -> Name {
        let t = peek
        switch t.kind {
        case .word(let w): position += 1; return Name(text: w, range: t.range)
        case .string(let s): position += 1; return Name(text: s, range: t.range)
        default: throw .unexpected(found: t.described, expected: what, t.range)
        }
    }

    mutating func word(_ w: String) -> Name? {
        guard peek.word == w else { return nil }
        let t = next()
        return Name(text: w, range: t.range)
    }

    mutating func endOfCommand() throws(ScriptError) {
        guard peek.kind == .separator || peek.kind == .end else {
            throw .unexpected(found: peek.described, expected: "end of command", peek.range)
        }
    }

    /// A file name: a string, or adjacent tokens written without spaces (`examples/a-b.lab`).
    mutating func fileName() throws(ScriptError) -> Name {
        if case .string(let s) = peek.kind { let t = next(); return Name(text: s, range: t.range) }
        guard !atCommandEnd else { throw .unexpected(found: peek.described, expected: "a file name", peek.range) }
        let first = next()
        var text = first.text, range = first.range
        while !peek.spaceBefore, !atCommandEnd, peek.kind != .end {
            let t = next()
            text += t.text
            range = range.union(t.range)
        }
        return Name(text: text, range: range)
    }

    // MARK: - Commands

    mutating func command() throws(ScriptError) -> Command {
        let startIndex = position
        guard case .word(let verbText) = peek.kind else {
            throw .unexpected(found: peek.described, expected: "a command", peek.range)
        }
        let verb = Name(text: verbText, range: next().range)
        let kind = try commandBody(verb)
        try endOfCommand()
        // Gathered as bytes and made a string once, the tokens read where they lie: a
        // `String` append, or a copy of each token, cost more than lexing the token.
        let all = tokens.tokens
        var bytes: [UInt8] = []
        bytes.reserveCapacity((position - startIndex) * 8)
        all.withUnsafeBufferPointer { all in
            for k in startIndex..<position {
                if case .separator = all[k].kind { continue }
                if !bytes.isEmpty && all[k].spaceBefore { bytes.append(UInt8(ascii: " ")) }
                bytes.append(contentsOf: all[k].text.utf8)
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let range = position > startIndex ? verb.range.union(all[position - 1].range) : verb.range
        return Command(verb: verb, kind: kind, text: text, range: range)
    }

    /// Reads the command's words as its `CommandTable` entry declares.
    mutating func commandBody(_ verb: Name) throws(ScriptError) -> Command.Kind {
        guard let spec = CommandTable.spec(verb.text) else {
            throw .unknownCommand(verb.text, verb.range, suggestion: Suggestion.nearest(verb.text, in: CommandTable.names))
        }
        return try spec.parse(&self, spec, verb)
    }

    /// `export FILE …`, or the older `export FORMAT FILE …` (a bare word without a dot, then a
    /// file; a word with a dot such as `out.png` is the file).
    mutating func export(_ spec: CommandSpec) throws(ScriptError) -> Command.Kind {
        var format: Name?
        let afterNext = tokens[position + 2]
        if case .word(let w) = peek.kind, !w.contains("."), peekNext.spaceBefore, !peekNext.isSymbol("="), !afterNext.isSymbol("="),
           peekNext.kind != .separator, peekNext.kind != .end {
            format = Name(text: w, range: next().range)
        }
        let file = try fileName()
        return .export(format, file, try arguments(spec))
    }

    mutating func animation(_ verb: Name, _ spec: CommandSpec, inGroup: Bool) throws(ScriptError) -> AnimationCommand {
        var words: [Name] = []
        while words.count < 2, case .word(let w) = peek.kind, !peekNext.isSymbol("="),
              w != "as", !(words.count == 1 && ["as", "animated"].contains(w)) {
            words.append(Name(text: w, range: next().range))
        }
        let layer: Name?, keyPath: Name
        switch words.count {
        case 2: layer = words[0]; keyPath = words[1]
        case 1 where inGroup: layer = nil; keyPath = words[0]
        default:
            throw .unexpected(found: peek.described, expected: inGroup ? "a key path" : "LAYER KEYPATH", peek.range)
        }
        return AnimationCommand(verb: verb, layer: layer, keyPath: keyPath, arguments: try arguments(spec))
    }

    mutating func group(_ spec: CommandSpec) throws(ScriptError) -> Command.Kind {
        let n = try name("a group name")
        guard word("on") != nil else { throw .unexpected(found: peek.described, expected: "'on LAYER'", peek.range) }
        let layer = try name("a layer name")
        let args = try arguments(spec)
        return .group(n, layer: layer, args, children: try groupBody(spec))
    }

    /// `{ CHILD … }`: animate, keyframes and spring lines without the layer, and nested
    /// `group NAME [sequence] [TIMING …] { … }` blocks.
    mutating func groupBody(_ groupSpec: CommandSpec) throws(ScriptError) -> [AnimationCommand] {
        let open = try expectSymbol("{", "'{' to start the group's animations")
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.maxNesting else {
            throw .invalid("groups cannot nest more than \(Parser.maxNesting) levels deep", open.range)
        }
        var children: [AnimationCommand] = []
        let verbs = ["animate", "keyframes", "spring", "group"]
        while true {
            skipSeparators()
            if peek.isSymbol("}") {
                position += 1
                try noTimingAfterBlock()
                break
            }
            guard case .word(let w) = peek.kind else {
                if peek.kind == .end { throw .unclosed("{", open.range) }
                throw .unexpected(found: peek.described, expected: "animate, keyframes, spring, group or '}'", peek.range)
            }
            guard verbs.contains(w), let spec = CommandTable.spec(w) else {
                throw .unknownCommand(w, peek.range, suggestion: Suggestion.nearest(w, in: verbs))
            }
            let verb = Name(text: w, range: next().range)
            if w == "group" {
                let n = try name("a group name")
                let args = try arguments(spec)
                children.append(AnimationCommand(verb: verb, layer: nil, keyPath: n, arguments: args,
                                                 children: try groupBody(spec)))
            } else {
                children.append(try animation(verb, spec, inGroup: true))
            }
            guard peek.kind == .separator || peek.isSymbol("}") else {
                throw .unexpected(found: peek.described, expected: "end of line", peek.range)
            }
        }
        return children
    }

    /// `} duration=0.3`: a group's timing is written before its block; say so rather than
    /// "expected end of command".
    func noTimingAfterBlock() throws(ScriptError) {
        guard case .word(let w) = peek.kind, peekNext.isSymbol("=") || w == "sequence" else { return }
        throw .invalid("a group's timing goes before its '{': group NAME on LAYER \(w)\(w == "sequence" ? "" : "=…") { … }", peek.range)
    }

    /// An emitter's or cell's optional `{ cell NAME prop=value … [{ … }] }` block.
    mutating func cellBlock() throws(ScriptError) -> [CellCommand] {
        guard peek.isSymbol("{") else { return [] }
        let open = next()
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.maxNesting else {
            throw .invalid("cells cannot nest more than \(Parser.maxNesting) levels deep", open.range)
        }
        var cells: [CellCommand] = []
        while true {
            skipSeparators()
            if peek.isSymbol("}") { position += 1; break }
            guard case .word(let w) = peek.kind else {
                if peek.kind == .end { throw .unclosed("{", open.range) }
                throw .unexpected(found: peek.described, expected: "cell or '}'", peek.range)
            }
            guard w == "cell" else {
                throw .unknownCommand(w, peek.range, suggestion: Suggestion.nearest(w, in: ["cell"]))
            }
            position += 1
            let n = try name("a cell name")
            let args = try arguments(flags: [], allowAs: false, allowIn: false)
            cells.append(CellCommand(name: n, arguments: args, cells: try cellBlock()))
            guard peek.kind == .separator || peek.isSymbol("}") else {
                throw .unexpected(found: peek.described, expected: "end of line", peek.range)
            }
        }
        return cells
    }

    /// `key=value …` and the flag words, `as NAME` and `in PARENT` that `spec`'s grammar has, up
    /// to the end of the command.
    mutating func arguments(_ spec: CommandSpec) throws(ScriptError) -> ArgumentList {
        try arguments(flags: spec.flagWords, allowAs: spec.takesAs, allowIn: spec.takesIn)
    }

    mutating func arguments(flags: [String], allowAs: Bool, allowIn: Bool) throws(ScriptError) -> ArgumentList {
        var list = ArgumentList()
        while !atCommandEnd {
            let t = peek
            guard case .word(let w) = t.kind else {
                if let hint = pointHint() { throw hint }
                throw .unexpected(found: t.described, expected: "key=value", t.range)
            }
            if peekNext.isSymbol("=") {
                position += 2
                let key = Name(text: w, range: t.range)
                if list.arguments.contains(where: { $0.key.text == w }) { throw .duplicateAttribute(w, t.range) }
                list.arguments.append(Argument(key: key, value: try expression()))
            } else if flags.contains(w) {
                position += 1
                list.flags.append(Name(text: w, range: t.range))
            } else if allowAs && w == "as" {
                position += 1
                list.asName = try name("a name after 'as'")
            } else if allowIn && w == "in" {
                position += 1
                list.parent = try name("a layer name after 'in'")
            } else {
                var options = flags
                if allowAs { options.append("as") }
                if allowIn { options.append("in") }
                if let s = Suggestion.nearest(w, in: options) {
                    throw .unknown(what: "word", name: w, t.range, suggestion: s)
                }
                throw .unexpected(found: t.described, expected: "key=value", t.range)
            }
        }
        return list
    }

    /// `position=160,100`: a comma between two numbers after `key=` is a point without its
    /// parentheses; says how to write it.
    func pointHint() -> ScriptError? {
        guard peek.isSymbol(","), !peek.spaceBefore, position >= 3, tokens.has(position + 1),
              case .number = tokens[position - 1].kind, case .number = tokens[position + 1].kind,
              tokens[position - 2].isSymbol("="), case .word(let key) = tokens[position - 3].kind else { return nil }
        let x = tokens[position - 1].text, y = tokens[position + 1].text
        return .invalid("a point is written in parentheses: \(key)=(\(x), \(y))",
                        tokens[position - 1].range.union(tokens[position + 1].range))
    }

    // MARK: - Values

    /// `term (('+' | '-') term)*`.
    mutating func expression() throws(ScriptError) -> Expr {
        var left = try term()
        while peek.isSymbol("+") || peek.isSymbol("-") {
            guard case .symbol(let op) = next().kind else { break }
            let right = try term()
            left = .binary(op, left, right, left.range.union(right.range))
        }
        return left
    }

    mutating func term() throws(ScriptError) -> Expr {
        var left = try unary()
        while peek.isSymbol("*") || peek.isSymbol("/") {
            guard case .symbol(let op) = next().kind else { break }
            let right = try unary()
            left = .binary(op, left, right, left.range.union(right.range))
        }
        return left
    }

    mutating func unary() throws(ScriptError) -> Expr {
        // Every nested bracket and sign passes through here: bound the recursion.
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.maxNesting else {
            throw .invalid("values cannot nest more than \(Parser.maxNesting) levels deep", peek.range)
        }
        if peek.isSymbol("-") {
            let t = next()
            let e = try unary()
            return .negate(e, t.range.union(e.range))
        }
        if peek.isSymbol("+") { position += 1; return try unary() }
        return try primary()
    }

    mutating func primary() throws(ScriptError) -> Expr {
        let t = peek
        switch t.kind {
        case .number(let v, let unit): position += 1; return .number(v, unit: unit, t.range)
        case .size(let w, let h): position += 1; return .size(w, h, t.range)
        case .string(let s): position += 1; return .string(s, t.range)
        case .hexColor(let h): position += 1; return .hexColor(h, t.range)
        case .word(let w):
            position += 1
            if w == "after", case .word(let target) = peek.kind {
                let n = next()
                return .after(target, t.range.union(n.range))
            }
            if peek.isSymbol("(") {
                let (items, r) = try sequence(open: "(", close: ")")
                return .call(w, items, t.range.union(r))
            }
            return .word(w, t.range)
        case .symbol("("):
            let (items, r) = try sequence(open: "(", close: ")")
            return .tuple(items, r)
        case .symbol("["):
            let (items, r) = try sequence(open: "[", close: "]")
            return .list(items, r)
        default:
            throw .unexpected(found: t.described, expected: "a value", t.range)
        }
    }

    /// Comma-separated expressions between brackets (a trailing comma is fine).
    mutating func sequence(open: Character, close: Character) throws(ScriptError) -> ([Expr], SourceRange) {
        let first = try expectSymbol(open)
        var items: [Expr] = []
        while !peek.isSymbol(close) {
            items.append(try expression())
            if peek.isSymbol(",") { position += 1; continue }
            guard peek.isSymbol(close) else {
                throw .unexpected(found: peek.described, expected: "',' or '\(close)'", peek.range)
            }
        }
        let last = next()
        return (items, first.range.union(last.range))
    }
}
