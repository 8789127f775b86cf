import LayerLabCore

/// Commands that look at the document without changing it: inspect, explain, tree, history,
/// timeline, undo/redo, and the effect requests for show/play/frames/export.
extension Session {
    func inspect(_ target: Name, _ args: ArgumentList) throws(ScriptError) -> String {
        try checkAttributes(args, ["at"], command: "inspect")
        let (layerName, rest) = splitLayerTarget(target)
        let layer = try requireLayer(layerName)
        var keyPaths: [(String, ValueType?)]
        if let rest {
            let kp = try resolveKeyPath(rest, on: layer)
            keyPaths = [(kp.name, kp.type)]
        } else {
            keyPaths = PropertyTable.properties(for: layer.kind).map { ($0.name, $0.type) }
        }
        let ev = Evaluator(document: document)
        func lines(_ value: (String) -> Value?) -> [String] {
            keyPaths.map { kp, type in
                "\(escapeForTerminal(layer.name)).\(kp) = " + ValueFormatter.format(value(kp) ?? .null, type: type)
            }
        }
        if let at = argument(args, "at") {
            let t = try sceneTime(at.value)
            return lines { ev.presentationValue(layer: layer.name, keyPath: $0, at: t) }.joined(separator: "\n")
        }
        let model = lines { ev.modelValue(layer: layer.name, keyPath: $0, at: time) }
        let presentation = lines { ev.presentationValue(layer: layer.name, keyPath: $0, at: time) }
        return (["# model at t=\(formatNumber(time))"] + model
                + ["# presentation at t=\(formatNumber(time))"] + presentation).joined(separator: "\n")
    }

    /// Splits `LAYER.KEYPATH` at the first dot.
    func splitLayerTarget(_ target: Name) -> (Name, Name?) {
        guard let dot = target.text.firstIndex(of: ".") else { return (target, nil) }
        let text = target.text
        let len = text.distance(from: text.startIndex, to: dot)
        let s = target.range.start
        let mid = SourceLocation(line: s.line, column: s.column + len)
        return (Name(text: String(text[..<dot]), range: SourceRange(s, mid)),
                Name(text: String(text[text.index(after: dot)...]),
                     range: SourceRange(SourceLocation(line: s.line, column: mid.column + 1), target.range.end)))
    }

    func explain(_ target: Name, _ args: ArgumentList) throws(ScriptError) -> String {
        try checkAttributes(args, ["at"], command: "explain")
        let (layerName, rest) = splitLayerTarget(target)
        let layer = try requireLayer(layerName)
        guard let rest else { throw .unexpected(found: "a layer", expected: "LAYER.KEYPATH", target.range) }
        let kp = try resolveKeyPath(rest, on: layer)
        let t = try argument(args, "at").map { (a) throws(ScriptError) in try sceneTime(a.value) } ?? time
        guard let x = Evaluator(document: document).explain(layer: layer.name, keyPath: kp.name, at: t) else {
            throw .invalid("cannot explain '\(kp.name)'", target.range)
        }
        return ExplanationFormatter.format(x, type: kp.type)
    }

    mutating func undoRedo(_ count: Expr?, undo: Bool) throws(ScriptError) -> String {
        let n = try count.map { (e) throws(ScriptError) in try reader.integer(e, min: 1) } ?? 1
        let labels = undo ? history.undo(n) : history.redo(n)
        guard !labels.isEmpty else { return undo ? "nothing to undo" : "nothing to redo" }
        return labels.map { (undo ? "undid: " : "redid: ") + escapeForTerminal($0) }.joined(separator: "\n")
    }

    func historyText() -> String {
        guard history.entries.count > 1 else { return "(no changes yet)" }
        let width = String(history.entries.count - 1).count
        return history.entries.enumerated().dropFirst().map { i, e in
            let num = String(repeating: " ", count: width - String(i).count) + String(i)
            let mark = i == history.position ? "*" : " "
            let undone = i > history.position ? "   (undone)" : ""
            return "\(mark) \(num)  \(escapeForTerminal(e.label))\(undone)"
        }.joined(separator: "\n")
    }

    // MARK: - Effect requests

    func showRequest(_ args: ArgumentList) throws(ScriptError) -> ShowRequest {
        try checkAttributes(args, ["at", "size", "mode", "color"], command: "show")
        var req = ShowRequest(document: document, time: time)
        if let a = argument(args, "at") { req.time = try sceneTime(a.value) }
        if let a = argument(args, "size") { req.size = try cells(a.value) }
        if let a = argument(args, "mode") { req.mode = try reader.word(a.value, from: ["ascii", "blocks", "braille"], what: "mode") }
        if let a = argument(args, "color") { req.color = try reader.word(a.value, from: ["auto", "always", "never"], what: "color setting") }
        return req
    }

    func cells(_ e: Expr) throws(ScriptError) -> (columns: Int, rows: Int) {
        let s = try reader.size(e)
        guard s.width >= 1, s.height >= 1, s.width <= 10_000, s.height <= 10_000,
              s.width == s.width.rounded(), s.height == s.height.rounded() else {
            throw .invalid("a frame size is COLSxROWS in whole cells (1…10000)", e.range)
        }
        return (Int(s.width), Int(s.height))
    }

    func playRequest(_ args: ArgumentList) throws(ScriptError) -> PlayRequest {
        try checkAttributes(args, ["from", "to", "speed", "fps"], command: "play")
        var req = PlayRequest(document: document, from: 0, to: nil, speed: 1, fps: nil, loop: args.has("loop"))
        if let a = argument(args, "from") { req.from = try sceneTime(a.value) }
        if let a = argument(args, "to") { req.to = try sceneTime(a.value) }
        if let a = argument(args, "speed") {
            req.speed = try reader.number(a.value)
            guard Limits.playSpeeds.contains(req.speed) else {
                throw .invalid("speed must be in 0.001…1000", a.value.range)
            }
        }
        if let a = argument(args, "fps") { req.fps = try fps(a.value) }
        return req
    }

    func fps(_ e: Expr) throws(ScriptError) -> Double {
        let v = try reader.number(e)
        guard v > 0 && v <= 240 else { throw .invalid("fps must be in 0…240", e.range) }
        return v
    }

    func framesRequest(_ args: ArgumentList) throws(ScriptError) -> FramesRequest {
        try checkAttributes(args, ["from", "to", "fps", "size", "mode", "color"], command: "frames")
        var req = FramesRequest(document: document, from: 0, to: nil, fps: nil)
        if let a = argument(args, "from") { req.from = try sceneTime(a.value) }
        if let a = argument(args, "to") { req.to = try sceneTime(a.value) }
        if let a = argument(args, "fps") { req.fps = try fps(a.value) }
        if let a = argument(args, "size") { req.size = try cells(a.value) }
        if let a = argument(args, "mode") { req.mode = try reader.word(a.value, from: ["ascii", "blocks", "braille"], what: "mode") }
        if let a = argument(args, "color") { req.color = try reader.word(a.value, from: ["auto", "always", "never"], what: "color setting") }
        return req
    }

    func exportRequest(_ format: Name, _ file: Name, _ args: ArgumentList) throws(ScriptError) -> ExportRequest {
        let formats = ExportRequest.Format.allCases.map(\.rawValue)
        guard let f = ExportRequest.Format(rawValue: format.text) else {
            throw .unknown(what: "export format", name: format.text, format.range, suggestion: Suggestion.nearest(format.text, in: formats))
        }
        try checkAttributes(args, ["at", "size", "fps", "from", "to"], command: "export")
        var req = ExportRequest(document: document, format: f, file: file.text, at: time)
        req.protectedFiles = [sourceFile, fileName].compactMap { $0 }
        if let a = argument(args, "at") { req.at = try sceneTime(a.value) }
        if let a = argument(args, "size") {
            let s = try reader.size(a.value)
            guard s.width >= 1, s.height >= 1, s.width <= 8192, s.height <= 8192 else {
                throw .invalid("an export size is WxH pixels, 1…8192 each", a.value.range)
            }
            req.size = s
        }
        if let a = argument(args, "fps") { req.fps = try fps(a.value) }
        if let a = argument(args, "from") { req.from = try sceneTime(a.value) }
        if let a = argument(args, "to") { req.to = try sceneTime(a.value) }
        return req
    }
}
