import LayerLabCore
import LayerLabProject

/// Reads Lottie JSON into the typed model. Syntax errors come from the project's JSON parser
/// (line, column, what was expected); the model's own checks refuse what no real file holds
/// (absurd sizes, frame rates, counts). Unknown layer and shape types and unknown fields are
/// skipped with a warning.
struct LottieReader {
    var warnings = LottieWarnings()
    /// Keyframes read so far, against `Limits.keyframes`.
    private var keyframeCount = 0
    private var itemCount = 0

    enum Limits {
        static let canvasSide = 100_000.0
        static let frameRates = 0.01...1000.0
        /// Frames an animation may span (a day at 120 fps is ten million).
        static let frames = 10_000_000.0
        static let keyframesPerProperty = 100_000
        static let keyframes = 2_000_000
        static let layersPerComposition = 10_000
        static let shapeItems = 1_000_000
        static let groupDepth = 64
        static let polystarPoints = 1000.0
        static let vertices = 100_000
    }

    mutating func read(_ bytes: [UInt8]) throws(LottieImportError) -> LottieFile {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw LottieImportError("at \(error.path): \(error.message)", line: error.line, column: error.column)
        }
        let o = try object(root, "the file")
        var f = LottieFile()
        f.version = string(o["v"]) ?? ""
        f.name = string(o["nm"]) ?? ""
        f.frameRate = number(o["fr"]) ?? 30
        guard Limits.frameRates.contains(f.frameRate) else {
            throw LottieImportError("the frame rate \(formatFoundNumber(f.frameRate)) is out of range (0.01…1000 frames a second)")
        }
        f.inPoint = number(o["ip"]) ?? 0
        f.outPoint = number(o["op"]) ?? f.inPoint
        guard f.inPoint.magnitude <= Limits.frames, f.outPoint.magnitude <= Limits.frames, f.outPoint >= f.inPoint else {
            throw LottieImportError("the frames \(formatFoundNumber(f.inPoint))…\(formatFoundNumber(f.outPoint)) are out of range"
                                    + " (op must not be before ip, both within ±\(Int(Limits.frames)))")
        }
        f.width = number(o["w"]) ?? 0
        f.height = number(o["h"]) ?? 0
        guard (0...Limits.canvasSide).contains(f.width), (0...Limits.canvasSide).contains(f.height) else {
            throw LottieImportError("the canvas \(formatFoundNumber(f.width))x\(formatFoundNumber(f.height)) is out of range"
                                    + " (0…\(Int(Limits.canvasSide)) points a side)")
        }
        guard o["layers"] != nil || o["assets"] != nil else {
            throw LottieImportError("not a Lottie animation: there is no \"layers\" list")
        }
        f.layers = try layers(o["layers"], "layers")
        for (i, a) in array(o["assets"]).enumerated() { f.assets.append(try asset(a, "assets[\(i)]")) }
        for m in array(o["markers"]) {
            guard let mo = m.objectMembers else { continue }
            f.markers.append(LottieMarker(name: string(mo["cm"]) ?? "", time: number(mo["tm"]) ?? 0,
                                          duration: max(0, number(mo["dr"]) ?? 0)))
        }
        if let fonts = o["fonts"]?.objectMembers {
            for fo in array(fonts["list"]) {
                guard let m = fo.objectMembers else { continue }
                var font = LottieFont()
                font.name = string(m["fName"]) ?? ""
                font.family = string(m["fFamily"]) ?? ""
                font.style = string(m["fStyle"]) ?? ""
                font.ascent = number(m["ascent"]) ?? 0
                f.fonts.append(font)
            }
        }
        for (i, c) in array(o["chars"]).enumerated() {
            guard let m = c.objectMembers else { continue }
            var g = LottieGlyph()
            g.character = string(m["ch"]) ?? ""
            g.family = string(m["fFamily"]) ?? ""
            g.style = string(m["style"]) ?? ""
            g.size = number(m["size"]) ?? 100
            g.width = number(m["w"]) ?? 0
            if let data = m["data"]?.objectMembers { g.shapes = try shapes(data["shapes"], "chars[\(i)]", depth: 1) }
            f.chars.append(g)
        }
        unknownKeys(o, allowed: ["v", "fr", "ip", "op", "w", "h", "nm", "ddd", "assets", "layers", "markers", "chars",
                                 "fonts", "meta", "metadata", "props", "mn", "tgs", "slots", "comps"], in: "the animation")
        return f
    }

    // MARK: - Assets and layers

    private mutating func asset(_ node: JSONNode, _ at: @autoclosure () -> String) throws(LottieImportError) -> LottieAsset {
        let o = try object(node, at())
        var a = LottieAsset()
        a.id = string(o["id"]) ?? number(o["id"]).map(formatNumber) ?? ""
        a.name = string(o["nm"]) ?? ""
        a.width = max(0, number(o["w"]) ?? 0)
        a.height = max(0, number(o["h"]) ?? 0)
        a.frameRate = number(o["fr"]).flatMap { Limits.frameRates.contains($0) ? $0 : nil }
        a.directory = string(o["u"]) ?? ""
        a.path = string(o["p"]) ?? ""
        a.embedded = (number(o["e"]) ?? 0) == 1 || a.path.hasPrefix("data:")
        if o["layers"] != nil { a.layers = try layers(o["layers"], at() + ".layers") }
        return a
    }

    private mutating func layers(_ node: JSONNode?, _ at: @autoclosure () -> String) throws(LottieImportError) -> [LottieLayer] {
        let list = array(node)
        guard list.count <= Limits.layersPerComposition else {
            throw LottieImportError("\(at()) has \(list.count) layers; a composition holds at most \(Limits.layersPerComposition)")
        }
        var out: [LottieLayer] = []
        for (i, l) in list.enumerated() { if let layer = try layer(l, "\(at())[\(i)]") { out.append(layer) } }
        return out
    }

    private mutating func layer(_ node: JSONNode, _ at: @autoclosure () -> String) throws(LottieImportError) -> LottieLayer? {
        let o = try object(node, at())
        var l = LottieLayer()
        l.name = string(o["nm"]) ?? ""
        let ty = int(o["ty"]) ?? -1
        l.type = LottieLayerType(ty)
        l.index = int(o["ind"])
        l.parent = int(o["parent"])
        l.inPoint = finite(o["ip"]) ?? 0
        l.outPoint = finite(o["op"]) ?? l.inPoint
        l.startTime = finite(o["st"]) ?? 0
        let sr = finite(o["sr"]) ?? 1
        l.stretch = sr == 0 ? 1 : sr
        l.autoOrient = (number(o["ao"]) ?? 0) == 1
        l.is3D = (number(o["ddd"]) ?? 0) == 1
        l.hidden = bool(o["hd"])
        l.blendMode = int(o["bm"]) ?? 0
        l.matteMode = int(o["tt"]) ?? 0
        l.isMatte = (number(o["td"]) ?? 0) == 1
        l.matteParent = int(o["tp"])
        l.referenceID = string(o["refId"]) ?? ""
        l.width = max(0, number(o["w"]) ?? 0)
        l.height = max(0, number(o["h"]) ?? 0)
        if let ks = o["ks"] { l.transform = try transform(ks, at() + ".ks") }
        if let tm = o["tm"] { l.timeRemap = try property(tm, at() + ".tm") }
        l.solidColor = string(o["sc"]) ?? ""
        l.solidWidth = max(0, number(o["sw"]) ?? 0)
        l.solidHeight = max(0, number(o["sh"]) ?? 0)
        for (i, m) in array(o["masksProperties"]).enumerated() {
            guard let mo = m.objectMembers else { continue }
            var mask = LottieMask()
            mask.mode = string(mo["mode"]) ?? "a"
            mask.inverted = bool(mo["inv"])
            mask.name = string(mo["nm"]) ?? ""
            if let p = mo["pt"] { mask.path = try property(p, "\(at()).masksProperties[\(i)].pt") }
            if let p = mo["o"] { mask.opacity = try property(p, "\(at()).masksProperties[\(i)].o") }
            if let p = mo["x"] { mask.expansion = try property(p, "\(at()).masksProperties[\(i)].x") }
            l.masks.append(mask)
        }
        for (i, e) in array(o["ef"]).enumerated() {
            guard let eo = e.objectMembers else { continue }
            var effect = LottieEffect()
            effect.type = int(eo["ty"]) ?? 0
            effect.name = string(eo["nm"]) ?? ""
            effect.enabled = (number(eo["en"]) ?? 1) != 0
            for (j, c) in array(eo["ef"]).enumerated() {
                if let v = c.objectMembers?["v"], let p = try? property(v, "\(at()).ef[\(i)].ef[\(j)].v") {
                    effect.values.append(p)
                } else {
                    effect.values.append(LottieProperty())
                }
            }
            l.effects.append(effect)
        }
        if l.type == .shape { l.shapes = try shapes(o["shapes"], at() + ".shapes", depth: 1) }
        if l.type == .text, let t = o["t"]?.objectMembers { l.text = try textDocument(t, at() + ".t") }
        unknownKeys(o, allowed: Self.layerKeys, in: "layers")
        if case .other(let n) = l.type {
            warnings.add("layers of unknown types skipped", "\(display(l.name)) (ty \(n))")
            return nil
        }
        return l
    }

    private static let layerKeys: Set<String> = [
        "ty", "nm", "ind", "parent", "ip", "op", "st", "sr", "ao", "ddd", "hd", "bm", "tt", "td", "tp", "refId", "w", "h",
        "ks", "tm", "sc", "sw", "sh", "masksProperties", "hasMask", "ef", "shapes", "t", "mn", "cl", "ln", "cp", "ct",
        "sy", "ip", "bounds", "tg", "au", "pe", "xt", "props",
    ]

    private mutating func textDocument(_ t: LottieObject, _ at: @autoclosure () -> String) throws(LottieImportError) -> LottieText {
        var text = LottieText()
        let docs = t["d"]?.objectMembers.map { array($0["k"]) } ?? []
        for (i, k) in docs.enumerated() {
            guard let km = k.objectMembers, let s = km["s"]?.objectMembers else { continue }
            var d = LottieTextDocument()
            d.string = string(s["t"]) ?? ""
            d.font = string(s["f"]) ?? ""
            d.size = number(s["s"]) ?? 12
            d.justify = int(s["j"]) ?? 0
            d.fillColor = numbers(s["fc"]) ?? [0, 0, 0]
            d.strokeColor = numbers(s["sc"])
            d.strokeWidth = number(s["sw"]) ?? 0
            d.strokeOverFill = (number(s["of"]) ?? 0) != 0
            d.lineHeight = number(s["lh"]) ?? d.size * 1.2
            d.tracking = number(s["tr"]) ?? 0
            d.baselineShift = number(s["ls"]) ?? 0
            if let sz = numbers(s["sz"]), sz.count >= 2, sz.allSatisfy({ $0.isFinite && $0 >= 0 }) { d.boxSize = sz }
            if let ps = numbers(s["ps"]), ps.count >= 2 { d.boxPosition = ps }
            let time = number(km["t"]) ?? 0
            // Keyframes in time order; a later one at the same time replaces the earlier.
            if let last = text.documents.last, last.time >= time, i > 0 { text.documents.removeLast() }
            text.documents.append(LottieTextKeyframe(time: time, document: d))
        }
        if let m = t["m"]?.objectMembers {
            text.anchorGrouping = int(m["g"]) ?? 1
            if let a = m["a"] { text.groupingAlignment = try property(a, at() + ".m.a") }
        }
        if let p = t["p"]?.objectMembers, p["m"] != nil { text.followsPath = true }
        for (i, a) in array(t["a"]).enumerated() {
            guard let am = a.objectMembers else { continue }
            var anim = LottieTextAnimator()
            anim.name = string(am["nm"]) ?? ""
            func where_() -> String { "\(at()).a[\(i)]" }
            if let s = am["s"]?.objectMembers {
                anim.selectorType = int(s["t"]) ?? 0
                if let n = s["s"] { anim.start = try property(n, where_() + ".s.s") }
                if let n = s["e"] { anim.end = try property(n, where_() + ".s.e") }
                if let n = s["o"] { anim.offset = try property(n, where_() + ".s.o") }
                if let n = s["a"] { anim.amount = try property(n, where_() + ".s.a") }
                if let n = s["ne"] { anim.easeLow = try property(n, where_() + ".s.ne") }
                if let n = s["xe"] { anim.easeHigh = try property(n, where_() + ".s.xe") }
                if let n = s["sm"] { anim.smoothness = try property(n, where_() + ".s.sm") }
                anim.indexUnits = (int(s["r"]) ?? 1) == 2
                anim.basedOn = int(s["b"]) ?? 1
                anim.shape = int(s["sh"]) ?? 1
                anim.randomize = (int(s["rn"]) ?? 0) != 0
            }
            if let props = am["a"]?.objectMembers {
                for member in props.members {
                    let key = member.key, node = member.value
                    let p = try property(node, where_() + ".a." + key)
                    switch key {
                    case "p": anim.position = p
                    case "a": anim.anchor = p
                    case "s": anim.scale = p
                    case "r", "rz": anim.rotation = p
                    case "o": anim.opacity = p
                    case "fc": anim.fillColor = p
                    case "sc": anim.strokeColor = p
                    case "sw": anim.strokeWidth = p
                    case "t": anim.tracking = p
                    default: anim.undrawn.append(key)
                    }
                }
            }
            text.animators.append(anim)
        }
        return text
    }

    mutating func transform(_ node: JSONNode, _ at: @autoclosure () -> String) throws(LottieImportError) -> LottieTransform {
        let o = try object(node, at())
        var t = LottieTransform()
        func p(_ key: StaticString) throws(LottieImportError) -> LottieProperty? {
            guard let n = o[key] else { return nil }
            return try property(n, at() + ".\(key)")
        }
        t.anchor = try p("a")
        if let pn = o["p"], let po = pn.objectMembers, bool(po["s"]) {
            if let x = po["x"] { t.positionX = try property(x, at() + ".p.x") }
            if let y = po["y"] { t.positionY = try property(y, at() + ".p.y") }
        } else {
            t.position = try p("p")
        }
        if let px = o["px"] { t.positionX = try property(px, at() + ".px") }
        if let py = o["py"] { t.positionY = try property(py, at() + ".py") }
        t.scale = try p("s")
        if let r = try p("r") { t.rotation = r } else { t.rotation = try p("rz") }
        t.rotationX = try p("rx")
        t.rotationY = try p("ry")
        t.opacity = try p("o")
        t.skew = try p("sk")
        t.skewAxis = try p("sa")
        t.startOpacity = try p("so")
        t.endOpacity = try p("eo")
        return t
    }

    // MARK: - Animatable properties

    /// `{a, k, x}`: a fixed value or keyframes.
    mutating func property(_ node: JSONNode, _ at: @autoclosure () -> String) throws(LottieImportError) -> LottieProperty {
        guard let o = node.objectMembers else {
            // Some writers put a bare value where `{k: value}` belongs.
            return LottieProperty(value: value(node))
        }
        var p = LottieProperty()
        p.expression = string(o["x"]).flatMap { $0.isEmpty ? nil : $0 }
        guard let k = o["k"] else { return p }
        if case .array(let items) = k.kind, let first = items.first, let fo = first.objectMembers, fo["t"] != nil {
            guard items.count <= Limits.keyframesPerProperty else {
                throw LottieImportError("\(at()) has \(items.count) keyframes; a property holds at most \(Limits.keyframesPerProperty)")
            }
            keyframeCount += items.count
            guard keyframeCount <= Limits.keyframes else {
                throw LottieImportError("the file has more than \(Limits.keyframes) keyframes")
            }
            for item in items {
                guard let m = item.objectMembers, let t = number(m["t"]), t.isFinite else { continue }
                var kf = LottieKeyframe(time: t, start: m["s"].flatMap(value), end: m["e"].flatMap(value))
                kf.hold = (number(m["h"]) ?? 0) == 1
                kf.inEase = ease(m["i"])
                kf.outEase = ease(m["o"])
                kf.inTangent = numbers(m["ti"])
                kf.outTangent = numbers(m["to"])
                p.keyframes.append(kf)
            }
            // Keyframes out of order would make time run backwards: keep the file's order for equal times.
            if zip(p.keyframes, p.keyframes.dropFirst()).contains(where: { $0.time > $1.time }) {
                p.keyframes = p.keyframes.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
            }
            // 4.x: a keyframe's value may be given only as the previous one's `e`.
            for i in p.keyframes.indices where p.keyframes[i].start == nil && i > 0 {
                p.keyframes[i].start = p.keyframes[i - 1].end ?? p.keyframes[i - 1].start
            }
            p.keyframes.removeAll { $0.start == nil }
            if p.keyframes.count == 1 { p.value = p.keyframes[0].start }
            return p
        }
        p.value = value(k)
        return p
    }

    private func ease(_ node: JSONNode?) -> LottieEase? {
        guard let o = node?.objectMembers else { return nil }
        guard let x = numbers(o["x"]), let y = numbers(o["y"]), !x.isEmpty, !y.isEmpty else { return nil }
        return LottieEase(x: x, y: y)
    }

    /// A number, a list of numbers, a Bézier shape, or a one-element list holding a shape.
    private func value(_ node: JSONNode) -> LottieValue? {
        switch node.kind {
        case .number: return number(node).map { .numbers([$0]) }
        case .array(let items):
            if let first = items.first, first.objectMembers != nil { return bezier(first).map { .shape($0) } }
            return numbers(node).map { .numbers($0) }
        case .object: return bezier(node).map { .shape($0) }
        default: return nil
        }
    }

    private func bezier(_ node: JSONNode) -> LottieBezier? {
        guard let o = node.objectMembers else { return nil }
        func points(_ key: StaticString) -> [[Double]] { array(o[key]).compactMap { numbers($0) }.filter { $0.count >= 2 } }
        let v = points("v")
        guard v.count <= Limits.vertices else { return nil }
        var i = points("i"), out = points("o")
        // Missing tangents are zero (straight segments).
        while i.count < v.count { i.append([0, 0]) }
        while out.count < v.count { out.append([0, 0]) }
        return LottieBezier(vertices: v, inTangents: Array(i.prefix(v.count)), outTangents: Array(out.prefix(v.count)),
                            closed: bool(o["c"]))
    }

    // MARK: - Shape items

    mutating func shapes(_ node: JSONNode?, _ at: @autoclosure () -> String, depth: Int) throws(LottieImportError) -> [LottieShape] {
        guard depth <= Limits.groupDepth else {
            throw LottieImportError("\(at()): shape groups nest more than \(Limits.groupDepth) deep")
        }
        var out: [LottieShape] = []
        for (i, n) in array(node).enumerated() {
            itemCount += 1
            guard itemCount <= Limits.shapeItems else {
                throw LottieImportError("the file has more than \(Limits.shapeItems) shape items")
            }
            if let s = try shape(n, "\(at())[\(i)]", depth: depth) { out.append(s) }
        }
        return out
    }

    private mutating func shape(_ node: JSONNode, _ at: @autoclosure () -> String, depth: Int) throws(LottieImportError) -> LottieShape? {
        guard let o = node.objectMembers else { return nil }
        let ty = string(o["ty"]) ?? ""
        func p(_ key: StaticString) throws(LottieImportError) -> LottieProperty? {
            guard let n = o[key] else { return nil }
            return try property(n, at() + ".\(key)")
        }
        let reversed = (number(o["d"]) ?? 1) == 3
        let item: LottieShape.Item
        switch ty {
        case "gr": item = .group(try shapes(o["it"], at() + ".it", depth: depth + 1))
        case "rc": item = .rectangle(position: try p("p"), size: try p("s"), roundness: try p("r"), reversed: reversed)
        case "el": item = .ellipse(position: try p("p"), size: try p("s"), reversed: reversed)
        case "sr":
            var s = LottiePolystar()
            s.isStar = (number(o["sy"]) ?? 1) != 2
            s.position = try p("p"); s.points = try p("pt"); s.rotation = try p("r")
            s.innerRadius = try p("ir"); s.outerRadius = try p("or")
            s.innerRoundness = try p("is"); s.outerRoundness = try p("os")
            s.reversed = reversed
            item = .polystar(s)
        case "sh": item = .path(try p("ks"), reversed: reversed)
        case "fl": item = .fill(color: try p("c"), opacity: try p("o"), evenOdd: (number(o["r"]) ?? 1) == 2)
        case "st": item = .stroke(try stroke(o, at()))
        case "gf": item = .gradientFill(try gradient(o, at()))
        case "gs": item = .gradientStroke(try gradient(o, at()), try stroke(o, at()))
        case "tr": item = .transform(try transform(node, at()))
        case "tm": item = .trim(start: try p("s"), end: try p("e"), offset: try p("o"), individually: (number(o["m"]) ?? 1) == 2)
        case "rp":
            let tr = try o["tr"].map { n throws(LottieImportError) in try transform(n, at() + ".tr") } ?? LottieTransform()
            item = .repeater(copies: try p("c"), offset: try p("o"), below: (number(o["m"]) ?? 1) == 2, transform: tr)
        case "rd": item = .roundedCorners(try p("r"))
        case "mm": item = .merge(mode: int(o["mm"]) ?? 1)
        default:
            item = .unknown
        }
        return LottieShape(type: ty, name: string(o["nm"]) ?? "", hidden: bool(o["hd"]), item: item)
    }

    private mutating func stroke(_ o: LottieObject, _ at: @autoclosure () -> String) throws(LottieImportError) -> LottieStroke {
        var s = LottieStroke()
        if let n = o["c"] { s.color = try property(n, at() + ".c") }
        if let n = o["o"] { s.opacity = try property(n, at() + ".o") }
        if let n = o["w"] { s.width = try property(n, at() + ".w") }
        s.cap = int(o["lc"]) ?? 2
        s.join = int(o["lj"]) ?? 2
        s.miterLimit = number(o["ml"]) ?? number(o["ml2"]?.objectMembers?["k"]) ?? 4
        for (i, d) in array(o["d"]).enumerated() {
            guard let dm = d.objectMembers, let v = dm["v"] else { continue }
            s.dashes.append((string(dm["n"]) ?? "d", try property(v, "\(at()).d[\(i)].v")))
        }
        return s
    }

    private mutating func gradient(_ o: LottieObject, _ at: @autoclosure () -> String) throws(LottieImportError) -> LottieGradient {
        var g = LottieGradient()
        g.radial = (number(o["t"]) ?? 1) == 2
        if let n = o["s"] { g.start = try property(n, at() + ".s") }
        if let n = o["e"] { g.end = try property(n, at() + ".e") }
        if let n = o["h"] { g.highlight = try property(n, at() + ".h") }
        if let n = o["a"] { g.highlightAngle = try property(n, at() + ".a") }
        if let n = o["o"] { g.opacity = try property(n, at() + ".o") }
        g.evenOdd = (number(o["r"]) ?? 1) == 2
        if let gm = o["g"]?.objectMembers {
            g.colorCount = max(0, min(1000, int(gm["p"]) ?? 0))
            if let k = gm["k"] { g.stops = try property(k, at() + ".g.k") }
        }
        return g
    }

    // MARK: - JSON helpers

    private func object(_ node: JSONNode, _ what: @autoclosure () -> String) throws(LottieImportError) -> LottieObject {
        guard let o = node.objectMembers else {
            throw LottieImportError("expected \(what()) to be an object, found \(node.summary)",
                                    line: node.position.line, column: node.position.column)
        }
        return o
    }

    private mutating func unknownKeys(_ o: LottieObject, allowed: Set<String>, in what: String) {
        let unknown = o.members.lazy.map(\.key).filter { !allowed.contains($0) }
        for key in unknown.sorted() { warnings.add("unknown fields skipped", "\"\(key)\" in \(what)") }
    }

    func display(_ name: String) -> String { name.isEmpty ? "(unnamed)" : name }
}

extension JSONNode {
    /// The members of an object, or nil.
    var objectMembers: LottieObject? {
        guard case .object(let members) = kind else { return nil }
        return LottieObject(members: members)
    }
}

/// An object's members looked up by key. A scan rather than a dictionary: Lottie objects hold
/// a few short keys and are asked for a few of them, so hashing every key of every object cost
/// more than the scans. (The parser refuses duplicate keys, so the first match is the only one.)
struct LottieObject {
    let members: [JSONMember]

    subscript(key: StaticString) -> JSONNode? {
        let wanted = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        let fingerprint = fnv(wanted)
        // By index: `for m in members` would copy every member it passes.
        for k in members.indices where members[k].keyFingerprint == fingerprint {
            var found = members[k].key
            if found.withUTF8({ $0.elementsEqual(wanted) }) { return members[k].value }
        }
        return nil
    }
}

func number(_ node: JSONNode?) -> Double? {
    guard let node else { return nil }
    switch node.kind {
    case .number(let t): return JSONNode.double(t).flatMap { $0.isFinite ? $0 : nil }
    case .bool(let b): return b ? 1 : 0
    case .array(let items) where items.count == 1: return number(items[0])
    default: return nil
    }
}

func finite(_ node: JSONNode?) -> Double? {
    number(node).flatMap { $0.magnitude <= 1e9 ? $0 : nil }
}

func int(_ node: JSONNode?) -> Int? {
    number(node).flatMap { $0.magnitude < 1e15 ? Int($0) : nil }
}

func bool(_ node: JSONNode?) -> Bool {
    guard let node else { return false }
    switch node.kind {
    case .bool(let b): return b
    case .number: return (number(node) ?? 0) != 0
    default: return false
    }
}

func string(_ node: JSONNode?) -> String? {
    guard let node, case .string(let s) = node.kind else { return nil }
    return s
}

func array(_ node: JSONNode?) -> [JSONNode] {
    guard let node, case .array(let items) = node.kind else { return [] }
    return items
}

/// A number or a list of numbers as numbers; nil for anything else.
func numbers(_ node: JSONNode?) -> [Double]? {
    guard let node else { return nil }
    if case .number = node.kind { return number(node).map { [$0] } }
    guard case .array(let items) = node.kind else { return nil }
    var out: [Double] = []
    out.reserveCapacity(items.count)
    for i in items { guard let v = number(i) else { return nil }; out.append(v) }
    return out
}
