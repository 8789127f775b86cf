import LayerLabCore
import LayerLabRaster

/// Commands that look at the document without changing it: inspect, explain, tree, history,
/// timeline, undo/redo, and the effect requests for show/play/frames/export.
extension Session {
    func inspect(_ target: Name, _ args: ArgumentList) throws(ScriptError) -> String {
        try checkAttributes(args, of: CommandTable.Inspect.attributes, command: CommandTable.Inspect.name)
        var (layerName, rest) = splitLayerTarget(target)
        if let r = rest, let (cell, keyPath) = try cellTarget(layerName, r) { (layerName, rest) = (cell, keyPath) }
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
        // A whole emitter also says how many particles it draws, and how many the cap leaves out.
        func particles(_ t: Double) -> [String] {
            guard rest == nil, let e = ev.emission(of: layer.name, at: t) else { return [] }
            var line = "# \(escapeForTerminal(layer.name)): \(e.particles.count) particles drawn at t=\(formatNumber(t))"
            if e.dropped > 0 {
                line += "; about \(e.dropped) more alive are not drawn (at most \(Emission.maxParticles) an emitter)"
            }
            return [line]
        }
        if let t = try value(CommandTable.Inspect.at, in: args) {
            return (lines { ev.presentationValue(layer: layer.name, keyPath: $0, at: t) } + particles(t)).joined(separator: "\n")
        }
        let model = lines { ev.modelValue(layer: layer.name, keyPath: $0, at: time) }
        let presentation = lines { ev.presentationValue(layer: layer.name, keyPath: $0, at: time) }
        return (["# model at t=\(formatNumber(time))"] + model
                + ["# presentation at t=\(formatNumber(time))"] + presentation + particles(time)).joined(separator: "\n")
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
        try checkAttributes(args, of: CommandTable.Explain.attributes, command: CommandTable.Explain.name)
        var (layerName, rest) = splitLayerTarget(target)
        if let r = rest, let (cell, keyPath) = try cellTarget(layerName, r) { (layerName, rest) = (cell, keyPath) }
        let layer = try requireLayer(layerName)
        guard let rest else { throw .unexpected(found: "a layer", expected: "LAYER.KEYPATH", target.range) }
        let kp = try resolveKeyPath(rest, on: layer)
        let t = try value(CommandTable.Explain.at, in: args) ?? time
        guard let x = Evaluator(document: document).explain(layer: layer.name, keyPath: kp.name, at: t) else {
            throw .invalid("cannot explain '\(kp.name)'", target.range)
        }
        return ExplanationFormatter.format(x, type: kp.type, origins: importOrigins)
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
        typealias Show = CommandTable.Show
        try checkAttributes(args, of: Show.attributes, command: Show.name)
        var req = ShowRequest(document: document, time: time)
        if let t = try value(Show.at, in: args) { req.time = t }
        (req.size, req.mode, req.color) = try frameLook(args, Show.look)
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
        typealias Play = CommandTable.Play
        try checkAttributes(args, of: Play.attributes, command: Play.name)
        var req = PlayRequest(document: document, from: 0, to: nil, speed: 1, fps: nil, loop: args.has(Play.loop))
        if let t = try value(Play.from, in: args) { req.from = t }
        if let t = try value(Play.to, in: args) { req.to = t }
        if let v = try value(Play.speed, in: args) { req.speed = v }
        if let v = try value(Play.fps, in: args) { req.fps = v }
        (req.size, req.mode, req.color) = try frameLook(args, Play.look)
        return req
    }

    func watchRequest(_ file: Name, _ args: ArgumentList) throws(ScriptError) -> WatchRequest {
        typealias Watch = CommandTable.Watch
        try checkAttributes(args, of: Watch.attributes, command: Watch.name)
        var req = WatchRequest(file: file.text, time: time, play: args.has(Watch.play))
        if let t = try value(Watch.at, in: args) { req.time = t }
        (req.size, req.mode, req.color) = try frameLook(args, Watch.look)
        return req
    }

    /// Makes `document` the session's document as one undo step: what `watch` ends with (the
    /// watched file's last good version). Images are then read from `file`'s folder.
    package mutating func adopt(_ document: Document, label: String, file: String) {
        commit(document, label)
        sourceFile = file
    }

    /// `size=`, `mode=` and `color=`, shared by `show`, `play`, `watch` and `frames`.
    func frameLook(_ args: ArgumentList, _ look: CommandTable.FrameLook)
        throws(ScriptError) -> (size: (columns: Int, rows: Int)?, mode: FrameMode?, color: ColorMode.Choice?) {
        (try value(look.size, in: args), try value(look.mode, in: args), try value(look.color, in: args))
    }

    func fps(_ e: Expr) throws(ScriptError) -> Double {
        let v = try reader.number(e, in: Limits.framesPerSecond, name: "fps")
        return v
    }

    func framesRequest(_ args: ArgumentList) throws(ScriptError) -> FramesRequest {
        typealias Frames = CommandTable.Frames
        try checkAttributes(args, of: Frames.attributes, command: Frames.name)
        var req = FramesRequest(document: document, from: 0, to: nil, fps: nil)
        if let t = try value(Frames.from, in: args) { req.from = t }
        if let t = try value(Frames.to, in: args) { req.to = t }
        if let v = try value(Frames.fps, in: args) { req.fps = v }
        (req.size, req.mode, req.color) = try frameLook(args, Frames.look)
        return req
    }

    func exportRequest(_ format: Name?, _ file: Name, _ args: ArgumentList) throws(ScriptError) -> ExportRequest {
        let f: ExportRequest.Format
        if let format {
            let formats = ExportRequest.Format.allCases.map(\.rawValue)
            guard let named = ExportRequest.Format(rawValue: format.text) else {
                throw .unknown(what: "export format", name: format.text, format.range, suggestion: Suggestion.nearest(format.text, in: formats))
            }
            f = named
        } else {
            guard let byExtension = ExportRequest.Format(fileName: file.text) else {
                throw .file("cannot tell the format of '\(escapeForTerminal(file.text))': name it \(ExportRequest.Format.extensionList), or name the format (`export gif FILE`)", file.range)
            }
            f = byExtension
        }
        typealias Export = CommandTable.Export
        try checkAttributes(args, of: Export.attributes, command: Export.name)
        var req = ExportRequest(document: document, format: f, file: file.text, at: time)
        if let t = try value(Export.at, in: args) { req.at = t }
        if let s = try value(Export.size, in: args) { req.size = s }
        if let v = try value(Export.fps, in: args) { req.fps = v }
        if let t = try value(Export.from, in: args) { req.from = t }
        if let t = try value(Export.to, in: args) { req.to = t }
        req.strict = args.has(Export.strict)
        req.replacing = args.has(Export.force)
        if args.has(Export.bake) {
            guard f == .lottie else { throw .invalid("bake applies to lottie (.json) exports", file.range) }
            req.bake = true
        }
        req.protectedFiles = [sourceFile, fileName].compactMap { $0 }
        if f == .script { req.script = try checkedScript(file.range) }
        if let a = args[Export.platform] {
            guard f == .swift else { throw .invalid("platform= applies to swift exports", a.value.range) }
            req.platform = try Export.platform.read(self, a.value)
        }
        if let a = args[Export.images] {
            guard f == .lottie else { throw .invalid("images= applies to lottie exports", a.value.range) }
            req.imageFolder = try Export.images.read(self, a.value)
        }
        return req
    }

    /// The text of a bare word, a quoted string, or words joined by `-` and `/` (a folder name
    /// such as `walk-images/2x` reads as a subtraction and a division).
    static func wordOrString(_ e: Expr) -> String? {
        switch e {
        case .word(let w, _), .string(let w, _): return w
        case .number(let n, let unit, _): return formatNumber(n) + (unit ?? "")
        case .size(let w, let h, _): return formatNumber(w) + "x" + formatNumber(h)
        case .binary(let op, let a, let b, _) where op == "-" || op == "/":
            guard let l = wordOrString(a), let r = wordOrString(b) else { return nil }
            return l + String(op) + r
        default: return nil
        }
    }
}
