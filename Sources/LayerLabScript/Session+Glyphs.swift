import LayerLabCore
import LayerLabRaster

/// What is said about text: characters the built-in font cannot draw, once each, wherever the
/// text came from (the prompt, a script, piped input, `-c`: a warning on standard error); and,
/// at the prompt only, text that cannot show because its layer has no bounds, once a layer.
extension Session {
    /// The missing-glyph warning for what command `c` has just put in the document, or nil.
    /// Only commands that can bring text look (a `load` or `run` the whole document), so a
    /// long script is not scanned after every line.
    mutating func glyphWarning(after c: Command) -> String? {
        switch c.kind {
        case .load, .loadStrict, .loadAnimation, .run: return missingGlyphWarning(before: document)
        case .layer(.text, let n, _, _), .set(let n, _):
            return document.layer(named: n.text)?.properties["string"]?.string.flatMap { glyphWarning(in: [$0]) }
        case .setKeyPath(let target, let e):
            guard target.text.hasSuffix(".string"), case .string(let s, _) = e else { return nil }
            return glyphWarning(in: [s])
        case .at(_, _, let args, let value):
            var strings = args.arguments.compactMap { a -> String? in
                if a.key.text == "string", case .string(let s, _) = a.value { return s }
                return nil
            }
            if case .string(let s, _)? = value { strings.append(s) }
            return glyphWarning(in: strings)
        default: return nil
        }
    }

    /// Notes for the text layers a command changed (at the prompt).
    mutating func textNotes(before: Document) -> [String] {
        guard settings.announceNames, document != before else { return [] }
        var out: [String] = []
        for entry in document.allLayers where entry.layer.kind == .text {
            let l = entry.layer
            guard let s = l.properties["string"]?.string, !s.isEmpty else { continue }
            let b = PropertyTable.value("bounds", in: l.properties).rect ?? .zero
            if b.width > 0 && b.height > 0 { continue }
            if notedUnboundedText.insert(l.name).inserted {
                out.append("note: '\(escapeForTerminal(l.name))' has no bounds, and as in Core Animation text shows only "
                           + "inside them (give it bounds=rect(0, 0, WIDTH, HEIGHT))")
            }
        }
        return out
    }

    /// "warning: …" for characters in the document's texts not warned about yet, or nil.
    mutating func missingGlyphWarning(before: Document) -> String? {
        var strings: [String] = []
        for entry in document.allLayers where entry.layer.kind == .text {
            if let s = entry.layer.properties["string"]?.string { strings.append(s) }
        }
        for e in document.events { for a in e.assignments where a.keyPath == "string" { if let s = a.value.string { strings.append(s) } } }
        return glyphWarning(in: strings)
    }

    /// "warning: …" for characters of `strings` not warned about yet, or nil.
    mutating func glyphWarning(in strings: [String]) -> String? {
        var missing: [Character] = []
        for s in strings {
            for ch in VectorFont.missingCharacters(in: s) where warnedGlyphs.insert(ch).inserted { missing.append(ch) }
        }
        guard !missing.isEmpty else { return nil }
        let listed = missing.prefix(12).map { ch in
            let code = ch.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(4) }.joined(separator: " ")
            return "'\(escapeForTerminal(String(ch)))' (\(code))"
        }
        let more = missing.count > 12 ? " and \(missing.count - 12) more" : ""
        return "the built-in font has no glyph for \(listed.joined(separator: ", "))\(more); "
            + "\(missing.count == 1 ? "it draws" : "they draw") as a box"
    }
}

extension String {
    fileprivate func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
