/// How a command is written, declared as parts (not text) in `CommandTable`.
///
/// One declaration drives everything that needs the grammar: the synopsis `help` prints, the
/// flag words, `as NAME` and `in PARENT` the parser accepts, what Tab offers and the dim hint
/// of what is still to type, and the `--flags` of the matching `layerlab` subcommand.
///
///     [.slot("LAYER"), .optional([.word("in"), .slot("PARENT")]), .attributes]
///     // move LAYER [in PARENT] [index=N]
package enum GrammarPart: Hashable, Sendable {
    /// A word typed as is: `in`, `on`, `set`, `=`, or a flag such as `animated` (when optional).
    case word(String)
    /// A value to fill in, named as `help` shows it: `LAYER`, `KEYPATH`, `FILE`, `T`,
    /// `LAYER[.KEYPATH]`. Completion knows what each name stands for.
    case slot(String)
    /// One of several: `LAYER|ANIMATION|EVENT|PATH`, `on|off`.
    case choice([String])
    /// Parts that may be left out together: `[in PARENT]`, `[as NAME]`, `[loop]`.
    case optional([GrammarPart])
    /// The command's own `key=value` attributes (`CommandSpec.attributes`), each optional.
    case attributes
    /// The timing attributes (`TIMING ...`), optional.
    case timing
    /// Any layer property by key path (`prop=value ...`).
    case properties
    /// A `{ … }` block of child lines.
    case block
}

/// A command's grammar flattened for walking: every part in order, each with the optional group
/// it sits in (the words of one `[as NAME]` share a group; nil when required).
package struct Grammar: Hashable, Sendable {
    package enum Element: Hashable, Sendable {
        case literal(String)
        case placeholder(String)
        case choice([String])
        /// `key=V`: an attribute and how its value is written.
        case attribute(String, String)
        case timing
        case properties
        case block
    }

    /// The command word.
    package let command: String
    package let elements: [Element]
    package let groups: [Int?]

    package init(command: String, parts: [GrammarPart], attributes: [CommandSpec.Attribute]) {
        var elements: [Element] = []
        var groups: [Int?] = []
        var next = 0
        func add(_ parts: [GrammarPart], group: Int?) {
            for part in parts {
                switch part {
                case .word(let w): elements.append(.literal(w)); groups.append(group)
                case .slot(let s): elements.append(.placeholder(s)); groups.append(group)
                case .choice(let cs): elements.append(.choice(cs)); groups.append(group)
                case .optional(let inner):
                    next += 1
                    add(inner, group: group ?? next)
                case .attributes:
                    for a in attributes {
                        next += 1
                        elements.append(.attribute(a.name, a.placeholder)); groups.append(next)
                    }
                case .timing:
                    next += 1
                    elements.append(.timing); groups.append(group ?? next)
                case .properties: elements.append(.properties); groups.append(group)
                case .block: elements.append(.block); groups.append(nil)
                }
            }
        }
        add(parts, group: nil)
        self.command = command
        self.elements = elements
        self.groups = groups
    }

    init(command: String, elements: [Element], groups: [Int?]) {
        self.command = command; self.elements = elements; self.groups = groups
    }

    /// The grammar without its first element equal to `element` (a group child's `LAYER`).
    package func removing(_ element: Element) -> Grammar {
        guard let i = elements.firstIndex(of: element) else { return self }
        var e = elements, g = groups
        e.remove(at: i); g.remove(at: i)
        return Grammar(command: command, elements: e, groups: g)
    }

    /// Which of `elements` are optional.
    package var optional: [Bool] { groups.map { $0 != nil } }

    /// The attribute names the grammar allows (timing ones included).
    package var attributeNames: [String] {
        elements.flatMap { e -> [String] in
            switch e {
            case .attribute(let k, _): return [k]
            case .timing: return CommandTable.timing(for: command).map(\.name)
            default: return []
            }
        }
    }

    /// The positional parts (everything but attributes, timing, properties and the block).
    package var positionals: [(element: Element, group: Int?)] {
        zip(elements, groups).compactMap { e, g in
            switch e {
            case .literal, .placeholder, .choice: return (e, g)
            default: return nil
            }
        }
    }

    /// Everything after the command word, as `help` writes it.
    package var rest: String { Grammar.render(Array(zip(elements, groups))) }

    /// How an element is written in a synopsis.
    package static func text(of element: Element) -> String {
        switch element {
        case .literal(let s), .placeholder(let s): return s
        case .choice(let cs): return cs.joined(separator: "|")
        case .attribute(let k, let v): return "\(k)=\(v)"
        case .timing: return "TIMING ..."
        case .properties: return "prop=value ..."
        case .block: return "{ ... }"
        }
    }

    /// Writes elements as synopsis text, bracketing each optional group once.
    package static func render(_ parts: [(element: Element, group: Int?)]) -> String {
        var out: [String] = []
        var index = 0
        while index < parts.count {
            let group = parts[index].group
            var words = [text(of: parts[index].element)]
            index += 1
            if let group {
                while index < parts.count, parts[index].group == group {
                    words.append(text(of: parts[index].element)); index += 1
                }
                out.append("[" + words.joined(separator: " ") + "]")
            } else {
                out.append(words[0])
            }
        }
        return out.joined(separator: " ")
    }
}
