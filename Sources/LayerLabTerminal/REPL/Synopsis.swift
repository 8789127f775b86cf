import LayerLabCore

/// A command's synopsis, read into parts that completion and hints can walk.
///
/// The synopsis is the text `help` prints (`animate LAYER KEYPATH [from=V] [TIMING ...] [as NAME]`),
/// so the command table stays the single source of truth: uppercase words are placeholders,
/// lowercase words are literal keywords, `a|b` is a choice, `key=V` an attribute, `[…]` is
/// optional and `...` repeats what comes before.
///
///     Synopsis("move LAYER in PARENT [index=N]").elements
///     // [.placeholder("LAYER"), .literal("in"), .placeholder("PARENT"), .attribute("index", "N")]
public struct Synopsis: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        /// A word to type as is: `in`, `on`, `sequence`, `animated`, `loop`, `=`.
        case literal(String)
        /// A value to fill in: `LAYER`, `KEYPATH`, `FILE`, `T`, `LAYER[.KEYPATH]`.
        case placeholder(String)
        /// One of several words or placeholders: `png|gif`, `LAYER|ANIMATION|PATH`.
        case choice([String])
        /// `key=V`: an attribute and the placeholder of its value.
        case attribute(String, String)
        /// The timing attributes (`TIMING ...` in the synopsis).
        case timing
        /// Any layer property by key path (`prop=value ...`).
        case properties
        /// The opening brace of a block.
        case block
    }

    /// The command word (`layer` for `layer|shape|text|image NAME …`).
    public let command: String
    /// Every part after the command word, optional parts flattened, in order.
    public let elements: [Element]
    /// For each of `elements`, the bracket group it sits in (nil when required); the words of
    /// one `[as NAME]` share a group.
    public let groups: [Int?]
    /// Which of `elements` are optional (inside brackets).
    public var optional: [Bool] { groups.map { $0 != nil } }
    /// The synopsis text after the command word, as written.
    public let rest: String

    /// The timing attribute names `TIMING` stands for, in help order.
    public static let timingAttributes = MediaTiming.attributeNames

    public init(_ text: String) {
        var words = Synopsis.split(text)
        let head = words.isEmpty ? "" : words.removeFirst().text
        command = head.split(separator: "|").first.map(String.init) ?? head
        let trimmed = text.drop { $0 == " " }
        rest = trimmed.firstIndex(of: " ").map { String(trimmed[$0...].drop { $0 == " " }) } ?? ""
        var elements: [Element] = []
        var groups: [Int?] = []
        for w in words {
            if w.text == "..." { continue }
            if w.text == "TIMING" || w.text == "TIMING..." {
                elements.append(.timing); groups.append(w.group ?? -1); continue
            }
            if w.text.hasPrefix("prop=") {
                elements.append(.properties); groups.append(w.group); continue
            }
            if w.text == "{" { elements.append(.block); groups.append(nil); break }
            if let eq = w.text.firstIndex(of: "="), eq != w.text.startIndex {
                let key = String(w.text[..<eq]), value = String(w.text[w.text.index(after: eq)...])
                elements.append(.attribute(key, value)); groups.append(w.group)
                continue
            }
            if w.text.contains("|") {
                elements.append(.choice(w.text.split(separator: "|").map(String.init)))
            } else if w.text.first?.isUppercase == true {
                elements.append(.placeholder(w.text))
            } else {
                elements.append(.literal(w.text))
            }
            groups.append(w.group)
        }
        self.elements = elements
        self.groups = groups
    }

    /// The attribute names the synopsis allows (timing ones included).
    public var attributeNames: [String] {
        elements.flatMap { e -> [String] in
            switch e {
            case .attribute(let k, _): return [k]
            case .timing: return Synopsis.timingAttributes
            default: return []
            }
        }
    }

    /// The positional parts (everything but attributes, timing, properties and the block).
    public var positionals: [(element: Element, group: Int?)] {
        zip(elements, groups).compactMap { e, g in
            switch e {
            case .literal, .placeholder, .choice: return (e, g)
            default: return nil
            }
        }
    }

    /// How an element is written in a synopsis.
    public static func text(of element: Element) -> String {
        switch element {
        case .literal(let s), .placeholder(let s): return s
        case .choice(let cs): return cs.joined(separator: "|")
        case .attribute(let k, let v): return "\(k)=\(v)"
        case .timing: return "TIMING ..."
        case .properties: return "prop=value ..."
        case .block: return "{"
        }
    }

    /// Writes elements back as synopsis text, bracketing each optional group once.
    public static func render(_ parts: [(element: Element, group: Int?)]) -> String {
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

    // MARK: - Reading the text

    struct Word { var text: String; var group: Int? }

    /// Splits on spaces, dropping brackets but remembering which words were inside them.
    /// `[as NAME]` gives two optional words; `LAYER[.KEYPATH]` stays one placeholder word.
    static func split(_ text: String) -> [Word] {
        var out: [Word] = []
        var depth = 0
        var current = ""
        var currentGroup: Int?
        var groupCount = 0
        var inner = 0
        func flush() {
            if !current.isEmpty { out.append(Word(text: current, group: currentGroup)) }
            current = ""
        }
        for c in text {
            switch c {
            case "[" where current.isEmpty:
                if depth == 0 { groupCount += 1 }
                depth += 1
            case "[":
                inner += 1; current.append(c)
            case "]" where inner > 0:
                inner -= 1; current.append(c)
            case "]" where depth > 0:
                flush(); depth -= 1
            case " ", "\t", "\n":
                flush()
            default:
                if current.isEmpty { currentGroup = depth > 0 ? groupCount : nil }
                current.append(c)
            }
        }
        flush()
        return out
    }
}
