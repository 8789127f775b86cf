import LayerLabCore

extension ProjectDecoder {
    // MARK: - Scalars

    func number(_ node: JSONNode, _ path: JSONPath, _ range: ValueRange = .finite) throws(ProjectFileError) -> Double {
        let v: Double
        switch node.kind {
        case .number(let text):
            guard let d = JSONNode.double(text), d.isFinite else {
                throw ProjectFileError(.outOfRange, at: node.position, path, "number too large: \(text)")
            }
            v = d
        case .string("inf"): v = .infinity
        case .string("-inf"): v = -.infinity
        case .string("nan"): v = .nan
        default:
            throw ProjectFileError(.wrongType, at: node.position, path, "expected a number, found \(node.summary)")
        }
        guard range.contains(v) else {
            throw ProjectFileError(.outOfRange, at: node.position, path,
                                   "out of range: \(range.requirement(writingInfinityAs: "\"inf\"")), found \(node.summary)")
        }
        return v
    }

    func bool(_ node: JSONNode, _ path: JSONPath) throws(ProjectFileError) -> Bool {
        guard case .bool(let b) = node.kind else {
            throw ProjectFileError(.wrongType, at: node.position, path, "expected true or false, found \(node.summary)")
        }
        return b
    }

    func string(_ node: JSONNode, _ path: JSONPath) throws(ProjectFileError) -> String {
        guard case .string(let s) = node.kind else {
            throw ProjectFileError(.wrongType, at: node.position, path, "expected a string, found \(node.summary)")
        }
        return s
    }

    /// A name as the editor allows it: letters, digits and `_`, not starting with a digit, not a
    /// reserved word; animation and event names may also have dots (`fade.2`).
    func name(_ node: JSONNode, _ path: JSONPath, dots: Bool = false) throws(ProjectFileError) -> String {
        let s = try string(node, path)
        if s.isEmpty { throw ProjectFileError(.outOfRange, at: node.position, path, "a name cannot be empty") }
        var prevDot = true, ok = true
        for (i, ch) in s.unicodeScalars.enumerated() {
            let letter = ("a"..."z").contains(ch) || ("A"..."Z").contains(ch) || ch == "_"
            if ch == "." && dots && !prevDot { prevDot = true; continue }
            if !(letter || (("0"..."9").contains(ch) && i > 0)) { ok = false; break }
            prevDot = false
        }
        guard ok, !prevDot else {
            throw ProjectFileError(.outOfRange, at: node.position, path,
                                   "\(node.summary) is not a valid name (use letters, digits and _, not starting with a digit)")
        }
        if Document.reservedNames.contains(s) || s.hasSuffix(".begin") || s.hasSuffix(".end") {
            throw ProjectFileError(.outOfRange, at: node.position, path, "\(node.summary) is a reserved word and cannot be a name")
        }
        return s
    }

    /// One of a fixed set of words, with a hint for a near miss.
    func word(_ node: JSONNode, _ path: JSONPath, _ options: [String]) throws(ProjectFileError) -> String {
        let s = try string(node, path)
        guard options.contains(s) else {
            var message = "expected one of \(options.joined(separator: ", ")); found \(node.summary)"
            if let hint = Suggestion.nearest(s, in: options) { message += " (did you mean \(JSONValue.quoted(hint))?)" }
            throw ProjectFileError(.outOfRange, at: node.position, path, message)
        }
        return s
    }

    /// One of an enum's cases, by its raw value.
    func word<W: CaseIterable & RawRepresentable>(_ node: JSONNode, _ path: JSONPath, as: W.Type) throws(ProjectFileError) -> W
    where W.RawValue == String {
        let options = W.allCases.map(\.rawValue)
        let s = try word(node, path, options)
        guard let w = W(rawValue: s) else {
            throw ProjectFileError(.outOfRange, at: node.position, path, "expected one of \(options.joined(separator: ", "))")
        }
        return w
    }

    func array(_ node: JSONNode, _ path: JSONPath, _ what: String) throws(ProjectFileError) -> [JSONNode] {
        guard case .array(let items) = node.kind else {
            throw ProjectFileError(.wrongType, at: node.position, path, "expected \(what), found \(node.summary)")
        }
        return items
    }

    /// Exactly `count` finite numbers: points, sizes, rects.
    func numbers(_ node: JSONNode, _ path: JSONPath, count: Int, _ what: String) throws(ProjectFileError) -> [Double] {
        let items = try array(node, path, what)
        guard items.count == count else {
            throw ProjectFileError(.wrongType, at: node.position, path, "expected \(what), found an array of \(items.count)")
        }
        var out: [Double] = []
        for (n, item) in items.enumerated() { out.append(try number(item, path.appending(n))) }
        return out
    }

    // MARK: - Time

    /// A scene time: a JSON number, or expression text (`"wobble.end + 0.1"`, `"inf"`).
    /// The names it uses are checked once every animation and event is known.
    mutating func time(_ node: JSONNode, _ path: JSONPath, owner: String?) throws(ProjectFileError) -> TimeExpr {
        switch node.kind {
        case .number: return .number(try number(node, path))
        case .string(let text):
            let expr: TimeExpr
            do throws(TimeExprSyntaxError) { expr = try TimeExpr(parsing: text) } catch {
                throw ProjectFileError(.invalidText, at: inString(node, error.offset), path,
                                       "in the time expression \(node.summary): \(error.message)")
            }
            if !expr.references.isEmpty {
                timeReferences.append(TimeReference(expr: expr, owner: owner, position: node.position, path: path))
            }
            return expr
        default:
            throw ProjectFileError(.wrongType, at: node.position, path,
                                   "expected a time (a number or an expression such as \"fade.end + 0.1\"), found \(node.summary)")
        }
    }

    /// The position of a character inside a string literal (exact when nothing before it is escaped).
    func inString(_ node: JSONNode, _ offset: Int) -> SourcePosition {
        SourcePosition(line: node.position.line, column: node.position.column + 1 + offset)
    }

    func timingFunction(_ node: JSONNode, _ path: JSONPath) throws(ProjectFileError) -> TimingFunction {
        if case .array = node.kind {
            let items = try array(node, path, "")
            let c = try numbers(node, path, count: 4, "four control-point coordinates [x1, y1, x2, y2]")
            for n in [0, 2] where !(0...1).contains(c[n]) {
                throw ProjectFileError(.outOfRange, at: items[n].position, path.appending(n),
                                       "out of range: a control point's x must be from 0 to 1, found \(items[n].summary)")
            }
            return .cubic(c[0], c[1], c[2], c[3])
        }
        guard case .string(let s) = node.kind else {
            throw ProjectFileError(.wrongType, at: node.position, path,
                                   "expected a timing function (a name or [x1, y1, x2, y2]), found \(node.summary)")
        }
        guard let f = TimingFunction.named(s) else {
            var message = "unknown timing function \(node.summary); expected one of \(TimingFunction.names.joined(separator: ", ")) or [x1, y1, x2, y2]"
            if let hint = Suggestion.nearest(s, in: TimingFunction.names) { message += " (did you mean \(JSONValue.quoted(hint))?)" }
            throw ProjectFileError(.outOfRange, at: node.position, path, message)
        }
        return f
    }

    // MARK: - Values

    /// A property or animation value of the given type for a key path of `layer`. `null` is
    /// only for a layer reference (no mask), as in the editor.
    mutating func value(_ node: JSONNode, _ path: JSONPath, _ type: ValueType, layer: String) throws(ProjectFileError) -> Value {
        switch type {
        case .number: return .number(try number(node, path))
        case .bool: return .bool(try bool(node, path))
        case .point:
            let c = try numbers(node, path, count: 2, "a point [x, y]")
            return .point(Point(c[0], c[1]))
        case .size:
            let c = try numbers(node, path, count: 2, "a size [width, height]")
            return .size(Size(c[0], c[1]))
        case .rect:
            let c = try numbers(node, path, count: 4, "a rect [x, y, width, height]")
            return .rect(Rect(c[0], c[1], c[2], c[3]))
        case .color: return .color(try color(node, path))
        case .path: return try pathValue(node, path)
        case .string: return .string(try string(node, path))
        case .word(let options): return .string(try word(node, path, options))
        case .layerRef:
            if case .null = node.kind { return .null }
            guard case .string(let target) = node.kind else {
                throw ProjectFileError(.wrongType, at: node.position, path, "expected a layer name or null, found \(node.summary)")
            }
            maskReferences.append(LayerReference(name: target, owner: layer, position: node.position, path: path))
            return .string(target)
        case .numberList:
            var out: [Value] = []
            for (n, item) in try array(node, path, "a list of numbers").enumerated() {
                out.append(.number(try number(item, path.appending(n))))
            }
            return .list(out)
        case .stringList:
            var out: [Value] = []
            for (n, item) in try array(node, path, "a list of strings").enumerated() {
                out.append(.string(try string(item, path.appending(n))))
            }
            return .list(out)
        case .colorList:
            var out: [Value] = []
            for (n, item) in try array(node, path, "a list of colours").enumerated() {
                out.append(.color(try color(item, path.appending(n))))
            }
            return .list(out)
        case .transform:
            return .transform(try transform(node, path))
        }
    }

    /// `[["rotate", 0.5], ["translate", 10, 0, 0]]`: steps as the encoder writes them.
    func transform(_ node: JSONNode, _ path: JSONPath) throws(ProjectFileError) -> [TransformOp] {
        var ops: [TransformOp] = []
        for (n, item) in try array(node, path, "a transform (a list of steps such as [\"rotate\", 0.5])").enumerated() {
            let at = path.appending(n)
            let parts = try array(item, at, "a step such as [\"translate\", 10, 0]")
            guard let first = parts.first else {
                throw ProjectFileError(.wrongType, at: item.position, at, "expected a step such as [\"translate\", 10, 0], found an empty array")
            }
            let name = try string(first, at.appending(0))
            var params: [Double] = []
            for (k, p) in parts.dropFirst().enumerated() {
                params.append(try number(p, at.appending(k + 1), name == "perspective" ? .positive : .finite))
            }
            switch TransformOp.make(name, params) {
            case .success(let op): ops.append(op)
            case .failure(let e): throw ProjectFileError(.outOfRange, at: item.position, at, e.message)
            }
        }
        return ops
    }

    /// Refuses a stored value outside its property's range, pointing at the offending number.
    func checkRange(_ v: Value, _ range: ValueRange, _ node: JSONNode, _ path: JSONPath) throws(ProjectFileError) {
        guard let bad = range.violation(in: v) else { return }
        var at = node, atPath = path
        if let i = bad.component, case .array(let items) = node.kind, items.indices.contains(i) {
            at = items[i]; atPath = path.appending(i)
        }
        throw ProjectFileError(.outOfRange, at: at.position, atPath,
                               "out of range: \(range.requirement(writingInfinityAs: "\"inf\"")), found \(at.summary)")
    }

    /// `"#rrggbb"`, `"#rrggbbaa"`, `"#rgb"`, a colour name, or exact components `[r, g, b, a]` in 0…1.
    func color(_ node: JSONNode, _ path: JSONPath) throws(ProjectFileError) -> Color {
        if case .array(let items) = node.kind {
            guard items.count == 3 || items.count == 4 else {
                throw ProjectFileError(.wrongType, at: node.position, path,
                                       "expected a colour [r, g, b, a], found an array of \(items.count)")
            }
            var c: [Double] = []
            for (n, item) in items.enumerated() { c.append(try number(item, path.appending(n), .unit)) }
            return Color(c[0], c[1], c[2], c.count == 4 ? c[3] : 1)
        }
        guard case .string(let s) = node.kind else {
            throw ProjectFileError(.wrongType, at: node.position, path,
                                   "expected a colour (\"#rrggbbaa\" or [r, g, b, a]), found \(node.summary)")
        }
        if let c = ProjectDecoder.hexColor(s) ?? Color.named(s) { return c }
        throw ProjectFileError(.outOfRange, at: node.position, path,
                               "expected a colour (\"#rrggbb\", \"#rrggbbaa\" or a colour name), found \(node.summary)")
    }

    static func hexColor(_ s: String) -> Color? {
        guard s.hasPrefix("#") else { return nil }
        let digits = s.dropFirst().compactMap { $0.hexDigitValue }
        guard digits.count == s.count - 1 else { return nil }
        switch digits.count {
        case 3, 4:
            let b = digits.map { $0 * 17 }
            return Color(bytes: b[0], b[1], b[2], b.count == 4 ? b[3] : 255)
        case 6, 8:
            let b = stride(from: 0, to: digits.count, by: 2).map { digits[$0] * 16 + digits[$0 + 1] }
            return Color(bytes: b[0], b[1], b[2], b.count == 4 ? b[3] : 255)
        default: return nil
        }
    }

    /// Inline SVG path data, or `{"ref": "name"}` for one of the document's named paths.
    func pathValue(_ node: JSONNode, _ path: JSONPath) throws(ProjectFileError) -> Value {
        if case .object = node.kind {
            let o = try ObjectReader(node, path, what: "a path reference", allowed: ["ref"])
            let refNode = try o.required("ref")
            let target = try string(refNode, o.at("ref"))
            guard pathNames.contains(target) else {
                var message = "no path named \(JSONValue.quoted(target))"
                if let hint = Suggestion.nearest(target, in: pathNames.sorted()) { message += "; did you mean \(JSONValue.quoted(hint))?" }
                throw ProjectFileError(.danglingReference, at: refNode.position, o.at("ref"), message)
            }
            return .pathRef(target)
        }
        guard case .string = node.kind else {
            throw ProjectFileError(.wrongType, at: node.position, path,
                                   "expected a path (SVG path data or {\"ref\": NAME}), found \(node.summary)")
        }
        return .path(try pathData(node, path))
    }

    func pathData(_ node: JSONNode, _ path: JSONPath) throws(ProjectFileError) -> Path {
        let text = try string(node, path)
        do throws(SVGPathError) { return try Path(svg: text) } catch {
            throw ProjectFileError(.invalidText, at: inString(node, error.offset), path, "in the path data: \(error.message)")
        }
    }
}
