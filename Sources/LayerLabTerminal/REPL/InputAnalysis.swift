import LayerLabCore
import LayerLabScript

/// A line being typed, read against its command's synopsis: which words fill which parts, what
/// layer and key path they name, and what may come next.
///
/// Shared by `Completer` (what may replace the word under the cursor) and `ArgumentHint` (the rest
/// of the synopsis), so both read the line the same way. Tolerant by design: the line is
/// unfinished, so nothing here reports errors.
struct InputAnalysis {
    /// A word of the line and where it starts (in characters).
    struct Word: Equatable {
        var text: String
        var start: Int
    }

    /// Finished words before the cursor.
    var words: [Word]
    /// The word under the cursor (empty when the cursor follows a space).
    var current: Word
    /// The synopsis the line follows (already rebased past `at TIME` and group bodies).
    var syntax: Grammar?
    /// The command word as typed.
    var command: String?
    /// Index into `syntax.positionals` of the next positional part.
    var nextPositional = 0
    /// The bracket group of the last part filled: once `in` of `[in PARENT]` is typed, PARENT
    /// is no longer optional.
    var lastFilledGroup: Int?
    /// Positional parts filled so far, with the words that fill them.
    var filled: [(element: Grammar.Element, text: String)] = []
    /// Attribute keys already given.
    var givenAttributes: Set<String> = []
    /// The layer the command is about, when known, and its kind.
    var layer: String?
    var layerKind: LayerKind?
    /// The animation `set` edits, when it names one.
    var animation: (name: String, kind: String, keyPath: String?)?
    /// The key path the command animates (`animate box opacity` → `opacity`).
    var keyPath: String?
    /// The line is the body of an open `group … {` and the group animates this layer.
    var groupLayer: String?
    /// Inside `at …` before `set`: the words of the time expression.
    var inAtTime = false

    init(line: String, cursor: Int, context: CompletionContext) {
        let chars = Array(line.prefix(max(0, cursor)))
        var (words, current) = InputAnalysis.split(chars)
        self.words = words
        self.current = current

        // The body of an open `group NAME on LAYER … {`: children name no layer.
        if let gl = InputAnalysis.openGroupLayer(context.pendingLines) {
            groupLayer = gl
            layer = gl
            layerKind = context.kind(ofLayer: gl)
        }
        guard let first = words.first else { return }
        command = first.text

        // `at TIME set …`: complete the time, then read the rest as `set`.
        if first.text == "at" {
            if let k = words.firstIndex(where: { $0.text == "set" }) {
                words.removeFirst(k)
                self.words = words
                command = "set"
            } else {
                inAtTime = true
                syntax = context.command("at")?.grammar
                return
            }
        }
        guard let cmd = command, let spec = context.command(cmd) else { return }
        var syn = spec.grammar(after: words.dropFirst().first?.text)
        if groupLayer != nil, ["animate", "keyframes", "spring"].contains(cmd) {
            syn = syn.removing(.placeholder("LAYER"))
        }
        syntax = syn
        if let kind = LayerKind(rawValue: cmd) { layerKind = kind }

        let positionals = syn.positionals
        for w in words.dropFirst() {
            if let key = InputAnalysis.attributeKey(w.text) {
                givenAttributes.insert(key)
                continue
            }
            fill(w.text, positionals: positionals, context: context)
        }
    }

    /// Matches one typed word against the next positional part.
    private mutating func fill(_ word: String, positionals: [(element: Grammar.Element, group: Int?)],
                               context: CompletionContext) {
        while nextPositional < positionals.count {
            let (element, group) = positionals[nextPositional]
            if case .literal(let lit) = element, word != lit {
                if let group {
                    // Skip the whole optional group (`[in PARENT]` when the word is not `in`).
                    while nextPositional < positionals.count, positionals[nextPositional].group == group {
                        nextPositional += 1
                    }
                    continue
                }
            }
            nextPositional += 1
            lastFilledGroup = group
            filled.append((element, word))
            note(word, for: element, context: context)
            return
        }
    }

    /// Remembers what a filled part tells about the command's layer, animation or key path.
    private mutating func note(_ word: String, for element: Grammar.Element, context: CompletionContext) {
        let names: [String]
        switch element {
        case .placeholder(let p): names = [p]
        case .choice(let cs): names = cs
        default: return
        }
        if names.contains(where: { $0 == "LAYER" || $0.hasPrefix("LAYER[") || $0.hasPrefix("LAYER.") }) {
            let base = word.split(separator: ".", maxSplits: 1).first.map(String.init) ?? word
            if let kind = context.kind(ofLayer: base) {
                layer = base; layerKind = kind
                if word.contains(".") { keyPath = String(word.dropFirst(base.count + 1)) }
            } else if names.contains("ANIMATION"), let a = context.animation(named: word) {
                animation = a
                keyPath = a.keyPath
            }
        }
        if names.contains("KEYPATH") { keyPath = word }
    }

    /// The positional parts the word under the cursor may fill: the next one, and past it while
    /// parts are optional.
    var nextSlots: [Grammar.Element] {
        guard let syntax else { return [] }
        let positionals = syntax.positionals
        var out: [Grammar.Element] = []
        var index = nextPositional
        while index < positionals.count {
            let (element, group) = positionals[index]
            out.append(element)
            guard let group, group != lastFilledGroup else { break }
            while index < positionals.count, positionals[index].group == group { index += 1 }
        }
        return out
    }

    /// Whether a required positional part is still to come before attributes make sense.
    var requiredPositionalPending: Bool {
        guard let syntax else { return false }
        return syntax.positionals.dropFirst(nextPositional).contains { $0.group == nil || $0.group == lastFilledGroup }
    }

    // MARK: - Reading words

    /// `key=value` → `key`; nil for anything else (`=` alone, `=x`).
    static func attributeKey(_ word: String) -> String? {
        guard let eq = word.firstIndex(of: "="), eq != word.startIndex else { return nil }
        let key = word[..<eq]
        guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }) else { return nil }
        return String(key)
    }

    /// Splits at spaces outside brackets and quotes; the last, unfinished word is returned apart.
    static func split(_ chars: [Character]) -> ([Word], Word) {
        var words: [Word] = []
        var current = ""
        var start = 0
        var depth = 0
        var quoted = false
        for (i, c) in chars.enumerated() {
            if quoted {
                current.append(c)
                if c == "\"" { quoted = false }
                continue
            }
            switch c {
            case " " where depth == 0, "\t" where depth == 0:
                if !current.isEmpty { words.append(Word(text: current, start: start)) }
                current = ""
                start = i + 1
                continue
            case "\"": quoted = true
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth = max(0, depth - 1)
            default: break
            }
            if current.isEmpty { start = i }
            current.append(c)
        }
        if current.isEmpty { start = chars.count }
        return (words, Word(text: current, start: start))
    }

    /// The layer of the innermost `group … on LAYER … {` still open in `lines`.
    static func openGroupLayer(_ lines: [String]) -> String? {
        var stack: [String?] = []
        for line in lines {
            let (words, last) = split(Array(line))
            let all = words.map(\.text) + (last.text.isEmpty ? [] : [last.text])
            var layer: String?
            if all.first == "group", let on = all.firstIndex(of: "on"), on + 1 < all.count { layer = all[on + 1] }
            for c in line {
                if c == "{" { stack.append(layer ?? stack.last ?? nil) }
                if c == "}", !stack.isEmpty { stack.removeLast() }
            }
        }
        return stack.last ?? nil
    }
}
