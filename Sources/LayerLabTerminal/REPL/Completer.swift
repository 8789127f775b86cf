import LayerLabCore
import LayerLabScript

/// What Tab offers for the word under the cursor.
package struct Completion: Equatable, Sendable {
    /// Where the word being completed starts, in characters from the start of the line.
    package var start: Int
    /// The word as typed so far.
    package var word: String
    /// Every full replacement for `word`, sorted, without duplicates.
    package var candidates: [String]
    /// Whether a lone candidate ends the word (a space follows it); false where more may follow
    /// without a space (`inspect box` may go on as `inspect box.opacity`).
    package var closes = true

    package init(start: Int, word: String, candidates: [String], closes: Bool = true) {
        self.start = start; self.word = word; self.candidates = candidates; self.closes = closes
    }

    /// A candidate that needs more typing after it (`duration=`, `box.`, `dir/`, `oval(`) takes
    /// no space after it.
    package static func isOpen(_ candidate: String) -> Bool {
        guard let last = candidate.last else { return true }
        return "=./(".contains(last)
    }

    /// The text that replaces `word` on this Tab: the only candidate (with a space unless it is
    /// open), else the longest prefix all candidates share; nil when Tab cannot add anything.
    package var replacement: String? {
        guard let firstCandidate = candidates.first else { return nil }
        if candidates.count == 1 {
            return firstCandidate + (Completion.isOpen(firstCandidate) || !closes ? "" : " ")
        }
        let common = Completion.commonPrefix(candidates)
        return common.count > word.count || (common.count == word.count && common != word) ? common : nil
    }

    static func commonPrefix(_ strings: [String]) -> String {
        guard var prefix = strings.first.map(Array.init) else { return "" }
        for s in strings.dropFirst() {
            let chars = Array(s)
            var n = 0
            while n < prefix.count, n < chars.count, prefix[n] == chars[n] { n += 1 }
            prefix.removeLast(prefix.count - n)
        }
        return String(prefix)
    }
}

/// Context-aware Tab completion: line and cursor in, candidates out. Pure.
///
/// Reads the line against the command's synopsis (see `InputAnalysis`) and offers what fits the
/// position: command names first; then layer, animation and path names where the synopsis has
/// `LAYER`, `ANIMATION`, `PATH`; key paths valid for the layer's kind after `KEYPATH`, `prop=` and
/// `LAYER.`; attribute names (`duration=`) once the required words are there; attribute values
/// after `=` (fill modes, timing functions, colours, booleans, calculation modes, a property's
/// words); file names where `FILE` goes.
///
///     Completer(context).complete("animate box op", cursor: 14).candidates   // ["opacity"]
package struct Completer: Sendable {
    package var context: CompletionContext

    package init(_ context: CompletionContext) { self.context = context }

    /// Candidates for the word that ends at `cursor` (a character offset into `line`).
    package func complete(_ line: String, cursor: Int) -> Completion {
        let a = InputAnalysis(line: line, cursor: cursor, context: context)
        let word = a.current.text
        var all: [String]
        if a.words.isEmpty {
            all = a.groupLayer != nil ? ["animate", "keyframes", "spring", "group", "}"] : context.commandWords
        } else if a.inAtTime {
            all = timeCandidates(after: a.words.last?.text) + (a.words.count > 1 ? ["set"] : [])
        } else if let previous = a.words.last?.text, previous == "after" || previous.hasSuffix("=after") {
            // `beginTime=after ` (or `from=after `, `seek after `): a name follows.
            all = context.timeNames
        } else if let eq = word.firstIndex(of: "="), let key = InputAnalysis.attributeKey(word) {
            let prefix = word[...eq]
            all = values(forAttribute: key, a).map { prefix + $0 }
        } else if a.command == "set", a.words.count == 3, a.words[2].text == "=", a.words[1].text.contains(".") {
            // `set box.opacity = …`
            let target = a.words[1].text
            let base = String(target.prefix { $0 != "." })
            all = values(forKeyPath: String(target.dropFirst(base.count + 1)), kind: context.kind(ofLayer: base))
        } else {
            var slots = a.nextSlots
            if a.words.count == 1, let spec = context.command(a.words[0].text) { slots += spec.alternativeStarts }
            all = slots.flatMap { slotCandidates($0, word: word, a) }
            if !a.requiredPositionalPending || a.nextSlots.isEmpty {
                all += attributeCandidates(a)
            }
        }
        let closes = !a.nextSlots.contains(.placeholder("LAYER[.KEYPATH]"))
        return Completion(start: a.current.start, word: word, candidates: Completer.filter(all, prefix: word),
                          closes: closes)
    }

    /// Candidates starting with `prefix`; when none does, those that start with it ignoring case.
    static func filter(_ all: [String], prefix: String) -> [String] {
        // A quoted candidate (`"my scene.lab"`) also matches the word typed without the quote.
        func bare(_ s: String) -> Substring { s.hasPrefix("\"") ? s.dropFirst() : Substring(s) }
        var exact = Set(all.filter { bare($0).hasPrefix(bare(prefix)) })
        if exact.isEmpty {
            let lower = prefix.lowercased()
            exact = Set(all.filter { $0.lowercased().hasPrefix(lower) })
        }
        return exact.sorted()
    }

    // MARK: - Positional words

    func slotCandidates(_ element: Grammar.Element, word: String, _ a: InputAnalysis) -> [String] {
        switch element {
        case .literal(let lit): return [lit]
        case .choice(let options): return options.flatMap { placeholderCandidates($0, word: word, a) }
        case .placeholder(let p): return placeholderCandidates(p, word: word, a)
        default: return []
        }
    }

    func placeholderCandidates(_ placeholder: String, word: String, _ a: InputAnalysis) -> [String] {
        switch placeholder {
        case "LAYER", "PARENT":
            if a.command == "set" { return dotted(word, allKeyPaths: false) ?? context.layerNames }
            return context.layerNames
        case "ANIMATION": return context.animationNames
        case "EVENT": return context.events
        case "PATH": return a.command == "delete" ? context.paths : context.paths + Completer.pathConstructors
        case "OLD": return context.layerNames + context.animationNames + context.paths + context.events
        case "KEYPATH": return keyPaths(for: a.layerKind, animatableOnly: true)
        case "LAYER[.KEYPATH]": return dotted(word, allKeyPaths: true) ?? context.layerNames
        case "LAYER.KEYPATH": return dotted(word, allKeyPaths: true) ?? context.layerNames.map { $0 + "." }
        case "FILE": return files(word)
        case "COMMAND": return context.commandWords + HelpText.topics
        case "TIME", "T": return timeCandidates(after: a.words.last?.text)
        default:
            // A lowercase word in a choice (`png|gif`, `on|off`) is typed as is.
            return placeholder.first?.isUppercase == true ? [] : [placeholder]
        }
    }

    /// `box.op` → `box.opacity`…: key paths after a layer name and a dot.
    func dotted(_ word: String, allKeyPaths: Bool) -> [String]? {
        guard let dot = word.firstIndex(of: ".") else { return nil }
        let base = String(word[..<dot])
        guard let kind = context.kind(ofLayer: base) else { return nil }
        return keyPaths(for: kind, animatableOnly: false).map { base + "." + $0 }
    }

    func keyPaths(for kind: LayerKind?, animatableOnly: Bool) -> [String] {
        let names = LayerKeyPath.names(for: kind)
        guard animatableOnly else { return names }
        return names.filter { LayerKeyPath.resolve($0, for: kind)?.isAnimatable ?? true }
    }

    /// What a time expression may name: `NAME.begin`, `NAME.end` and `after` (then a name).
    func timeCandidates(after previous: String?) -> [String] {
        if previous == "after" { return context.timeNames }
        return context.timeNames.flatMap { [$0 + ".begin", $0 + ".end"] } + ["after"]
    }

    /// How the value of attribute `key` is written on this command (`T` for a time expression),
    /// from the command's grammar or the timing attributes.
    func placeholder(ofAttribute key: String, _ a: InputAnalysis) -> String? {
        for case .attribute(let k, let v) in a.syntax?.elements ?? [] where k == key { return v }
        return nil
    }

    /// The timing attribute `key`, when the command takes timing attributes.
    func timingAttribute(_ key: String, _ a: InputAnalysis) -> TimingAttribute? {
        guard a.syntax?.elements.contains(.timing) == true || (a.command == "set" && a.animation != nil) else { return nil }
        return MediaTiming.attribute(named: key)
    }

    /// File names under the word's folder. A name the language cannot read bare (spaces,
    /// quotes, `;`, brackets…) is offered as a string, `"my scene.lab"`; a folder's string stays
    /// open (`"my dir/`) so Tab can go on into it.
    func files(_ word: String) -> [String] {
        let quoted = word.hasPrefix("\"")
        let raw = quoted ? Completer.unquoted(String(word.dropFirst())) : word
        let dir: String
        let base: String
        if let slash = raw.lastIndex(of: "/") {
            dir = String(raw[...slash]); base = String(raw[raw.index(after: slash)...])
        } else {
            dir = ""; base = raw
        }
        return context.listDirectory(dir)
            .filter { base.hasPrefix(".") || !$0.name.hasPrefix(".") }
            .filter { !$0.name.contains(where: \.isNewline) }
            .map { entry in
                let path = dir + entry.name + (entry.isDirectory ? "/" : "")
                guard quoted || path.contains(where: Completer.needsQuotes) else { return path }
                return "\"" + ValueFormatter.quoted(path).dropFirst().dropLast() + (entry.isDirectory ? "" : "\"")
            }
    }

    /// Characters that end or change a bare file name in the command language.
    static func needsQuotes(_ c: Character) -> Bool { c == " " || c == "\t" || "\"#;\\(){}[]=,+*".contains(c) }

    /// The text of a partly typed string (`my \"x` → `my "x`).
    static func unquoted(_ s: String) -> String {
        var out = "", escaped = false
        for c in s {
            if escaped { out.append(c); escaped = false } else if c == "\\" { escaped = true } else if c != "\"" { out.append(c) }
        }
        return out
    }

    // MARK: - Attributes

    /// `key=` for every attribute the command allows and the line has not given yet.
    func attributeCandidates(_ a: InputAnalysis) -> [String] {
        guard let syntax = a.syntax else { return [] }
        var keys: [String] = []
        if a.command == "set" {
            if let anim = a.animation {
                let body = context.command(anim.kind)?.grammar.attributeNames ?? []
                keys = CommandTable.timing(for: anim.kind).map(\.name) + body
            } else if a.layer != nil {
                keys = keyPaths(for: a.layerKind, animatableOnly: false)
            }
        } else {
            keys = syntax.attributeNames
            if syntax.elements.contains(.properties) { keys += keyPaths(for: a.layerKind, animatableOnly: false) }
        }
        var seen = Set<String>()
        return keys.filter { !a.givenAttributes.contains($0) && seen.insert($0).inserted }.map { $0 + "=" }
    }

    /// Values for `key=` on this command.
    func values(forAttribute key: String, _ a: InputAnalysis) -> [String] {
        // The grammar may list the values itself (`mode=ascii|blocks|braille`), or take a time.
        if let placeholder = placeholder(ofAttribute: key, a) {
            if placeholder.contains("|") { return placeholder.split(separator: "|").map(String.init) }
            if placeholder == "T" { return timeCandidates(after: nil) }
        }
        if let t = timingAttribute(key, a) {
            return t.kind == .time ? timeCandidates(after: nil) : t.completions
        }
        switch key {
        case "background": return Color.allNames
        case "from", "to", "by":
            return values(forKeyPath: a.keyPath ?? "", kind: a.layerKind)
        case "path" where a.command == "keyframes":
            return context.paths + Completer.pathConstructors  // a motion path
        default:
            if a.syntax?.elements.contains(.properties) == true || (a.command == "set" && a.animation == nil) {
                return values(forKeyPath: key, kind: a.layerKind)
            }
            return []
        }
    }

    /// Values that fit a key path's type: colour names, booleans, a property's words, layer and
    /// path names.
    func values(forKeyPath keyPath: String, kind: LayerKind?) -> [String] {
        guard let kp = LayerKeyPath.resolve(keyPath, for: kind) else { return [] }
        // The property table's own words (closed sets, booleans) come first.
        if let words = PropertyTable.spec(kp.name)?.completions, !words.isEmpty { return words }
        switch kp.type {
        case .color: return Color.allNames
        case .bool, .word: return PropertyTable.spec(kp.name)?.completions ?? []
        case .layerRef: return context.layerNames + ["none"]
        case .path: return context.paths + Completer.pathConstructors
        case .string where kp.name == "contents": return files("")
        default: return []
        }
    }

    static let pathConstructors = ValueFunction.pathFunctions.map { $0 + "(" }
}
