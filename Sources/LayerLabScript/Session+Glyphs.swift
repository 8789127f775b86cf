import LayerLabCore
import LayerLabRaster

/// What is said at the prompt about text (scripts and pipes stay quiet): characters the
/// built-in font cannot draw, once each, and text that cannot show because its layer has no
/// bounds, once a layer.
extension Session {
    /// Notes and warnings for the text layers a command changed.
    mutating func textNotes(before: Document) -> [String] {
        guard settings.announceNames, document != before else { return [] }
        var out: [String] = []
        if let w = missingGlyphWarning(before: before) { out.append(w) }
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
        var missing: [Character] = []
        func check(_ s: String) {
            for ch in VectorFont.regular.missingCharacters(in: s) where warnedGlyphs.insert(ch).inserted { missing.append(ch) }
        }
        for entry in document.allLayers where entry.layer.kind == .text {
            if let s = entry.layer.properties["string"]?.string { check(s) }
        }
        for e in document.events { for a in e.assignments where a.keyPath == "string" { if let s = a.value.string { check(s) } } }
        guard !missing.isEmpty else { return nil }
        let listed = missing.prefix(12).map { ch in
            let code = ch.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(4) }.joined(separator: " ")
            return "'\(escapeForTerminal(String(ch)))' (\(code))"
        }
        let more = missing.count > 12 ? " and \(missing.count - 12) more" : ""
        return "warning: the built-in font has no glyph for \(listed.joined(separator: ", "))\(more); "
            + "\(missing.count == 1 ? "it draws" : "they draw") as a box"
    }
}

extension String {
    fileprivate func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
