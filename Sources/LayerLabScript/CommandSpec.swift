import LayerLabCore

/// One command, declared once: its words, grammar, help, example and how the parser reads it.
///
/// `CommandTable.all` lists them. The parser dispatches on `name`/`aliases` and reads flags,
/// `as NAME` and `in PARENT` as the grammar declares; `help` prints the synopsis rendered from
/// the grammar with the attributes' meanings; completion and the dim hints walk `grammar`; the
/// `layerlab` subcommands take the attributes as `--flags`. Adding an attribute to `attributes`
/// (or an optional word to the grammar) makes all of them accept it.
package struct CommandSpec: Sendable {
    package enum Group: String, Sendable, CaseIterable {
        case document = "Building the document"
        case animation = "Animating"
        case viewing = "Looking at it"
        case history = "Undo"
        case files = "Files"
        case session = "Session"
    }

    /// A `key=value` attribute of the command.
    package struct Attribute: Sendable {
        package var name: String
        /// How the value is written in the synopsis: `T`, `WxH`, `ascii|blocks|braille`.
        package var placeholder: String
        package var meaning: String
        package var defaultValue: String

        package init(_ name: String, _ placeholder: String, _ meaning: String, default defaultValue: String) {
            self.name = name; self.placeholder = placeholder; self.meaning = meaning; self.defaultValue = defaultValue
        }

        /// The value is a name taken as written (`images=FOLDER`), not an expression: the shell
        /// passes `--images walk-images` as the string "walk-images".
        package var takesName: Bool { ["FILE", "FOLDER", "NAME"].contains(placeholder) }

        /// The values to offer after `name=` when the placeholder lists them (`on|off`).
        package var choices: [String] {
            placeholder.contains("|") ? placeholder.split(separator: "|").map(String.init) : []
        }
    }

    /// Reads the command's words after the verb.
    typealias Parse = @Sendable (inout Parser, CommandSpec, Name) throws(ScriptError) -> Command.Kind

    package var name: String
    /// Other words for the same command (`shape`, `text`, `image` for `layer`; `exit`).
    package var aliases: [String]
    package var group: Group
    package var summary: String
    /// Each way of writing the command; the first drives completion and hints.
    package var forms: [[GrammarPart]]
    package var attributes: [Attribute]
    /// What each flag word (`[loop]`, `[animated]`, `[sequence]`) does, for help.
    package var flagMeanings: [String: String]
    /// Lines that run as printed in a fresh session (the test suite checks them).
    package var example: String
    let parse: Parse

    init(_ name: String, aliases: [String] = [], _ group: Group, _ forms: [[GrammarPart]],
         attributes: [Attribute] = [], flags: [CommandFlag] = [], summary: String, example: String,
         parse: @escaping Parse) {
        self.name = name; self.aliases = aliases; self.group = group; self.forms = forms
        var meanings: [String: String] = [:]
        for f in flags { meanings[f.word] = f.meaning }
        self.attributes = attributes; self.flagMeanings = meanings; self.summary = summary; self.example = example; self.parse = parse
    }

    /// Every word that names the command.
    package var words: [String] { [name] + aliases }

    /// The first form, flattened for completion and hints.
    package var grammar: Grammar { Grammar(command: name, parts: forms.first ?? [], attributes: attributes) }

    /// The form whose first part is the word typed after the command (`export gif …` follows
    /// `export FORMAT FILE`), else the first form.
    package func grammar(after firstWord: String?) -> Grammar {
        let form = forms.first { form in
            guard let w = firstWord else { return false }
            switch form.first {
            case .word(let x): return x == w
            case .choice(let cs): return cs.contains(w) && cs.allSatisfy { $0.first?.isLowercase == true }
            default: return false
            }
        } ?? forms.first ?? []
        return Grammar(command: name, parts: form, attributes: attributes)
    }

    /// The keywords other forms start with (`png|gif|…` for `export`): what else may come right
    /// after the command.
    package var alternativeStarts: [Grammar.Element] {
        forms.dropFirst().compactMap { form -> Grammar.Element? in
            switch form.first {
            case .word(let w): return .literal(w)
            case .choice(let cs) where cs.allSatisfy({ $0.first?.isLowercase == true }): return .choice(cs)
            default: return nil
            }
        }
    }

    /// The synopsis `help` prints, a line a form, the command words joined by `|`.
    package var synopsisLines: [String] {
        let head = words.joined(separator: "|")
        return forms.map { form in
            let rest = Grammar(command: name, parts: form, attributes: attributes).rest
            return rest.isEmpty ? head : head + " " + rest
        }
    }

    /// Attributes `help` explains: the command's own, then the timing ones when it takes them.
    package var helpAttributes: [Attribute] {
        attributes + (parts.contains(.timing) ? CommandTable.timing(for: name) : [])
    }

    /// Optional single words (`[animated]`, `[loop]`, `[sequence]`): flags after the positionals.
    /// (Walks the forms in place: the parser asks for every command it reads, and most have
    /// none, so nothing is allocated then.)
    package var flagWords: [String] {
        var words: [String] = []
        for form in forms {
            for part in form {
                guard case .optional(let inner) = part, inner.count == 1, case .word(let w) = inner[0],
                      !words.contains(w) else { continue }
                words.append(w)
            }
        }
        return words
    }

    /// Whether `[as NAME]` / `[in PARENT]` appear.
    var takesAs: Bool { hasOptionalGroup(startingWith: "as") }
    var takesIn: Bool { hasOptionalGroup(startingWith: "in") }

    private func hasOptionalGroup(startingWith word: String) -> Bool {
        for form in forms {
            for part in form {
                if case .optional(let inner) = part, case .word(let w)? = inner.first, w == word { return true }
            }
        }
        return false
    }

    /// Every part of every form, one level deep.
    private var parts: [GrammarPart] { forms.flatMap { $0 } }
}
