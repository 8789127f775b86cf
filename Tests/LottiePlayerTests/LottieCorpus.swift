import Foundation

/// The Lottie corpus (`Tests/LottieCorpus`): real files from public repositories, what each
/// one uses, and what its manifest expects of LayerLab's drawing beside rlottie's.
enum LottieCorpus {
    static let folder = PlayerComparison.repository.appendingPathComponent("Tests/LottieCorpus")
    static let manifestURL = folder.appendingPathComponent("MANIFEST")

    /// Every Lottie JSON file, as paths relative to the corpus folder, sorted;
    /// `LAYERLAB_LOTTIE_ONLY=TEXT[,TEXT…]` keeps those whose path contains one of the texts.
    static let files: [String] = {
        guard let only = ProcessInfo.processInfo.environment["LAYERLAB_LOTTIE_ONLY"] else { return all }
        let parts = only.split(separator: ",").map(String.init)
        return all.filter { path in parts.contains { path.contains($0) } }
    }()

    static let all: [String] = {
        let root = folder.path + "/"
        let all = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(".json") && !$0.hasPrefix("__Goldens__") }
            .filter { FileManager.default.fileExists(atPath: root + $0) }.sorted()
    }()

    /// What the manifest says of one file.
    enum Expectation: Equatable, CustomStringConvertible {
        /// LayerLab and rlottie draw it alike at every checked moment.
        case agrees
        /// LayerLab draws it wrong (a known, open gap); reported, not failing.
        case layerlabWrong(String)
        /// rlottie draws it wrong; LayerLab's frames are checked against goldens instead.
        case rlottieWrong(String)

        var isRlottieWrong: Bool { if case .rlottieWrong = self { true } else { false } }

        var description: String {
            switch self {
            case .agrees: return "agrees"
            case .layerlabWrong(let r): return "layerlab-wrong: \(r)"
            case .rlottieWrong(let r): return "rlottie-wrong: \(r)"
            }
        }
    }

    /// The manifest: one line per file, `PATH agrees`, `PATH layerlab-wrong: REASON` or
    /// `PATH rlottie-wrong: REASON`; `#` starts a comment. A line that does not read is an
    /// error, so the manifest cannot quietly stop saying something.
    static func manifest() throws -> [String: Expectation] {
        let text = try String(contentsOf: manifestURL, encoding: .utf8)
        var out: [String: Expectation] = [:]
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let space = line.firstIndex(of: " ") else { throw ManifestError(line: n + 1, "no status") }
            let path = String(line[..<space]), rest = line[space...].trimmingCharacters(in: .whitespaces)
            func reason(_ prefix: String) -> String? {
                guard rest.hasPrefix(prefix + ":") else { return nil }
                let r = rest.dropFirst(prefix.count + 1).trimmingCharacters(in: .whitespaces)
                return r.isEmpty ? nil : r
            }
            if rest == "agrees" { out[path] = .agrees }
            else if let r = reason("layerlab-wrong") { out[path] = .layerlabWrong(r) }
            else if let r = reason("rlottie-wrong") { out[path] = .rlottieWrong(r) }
            else { throw ManifestError(line: n + 1, "expected agrees, layerlab-wrong: REASON or rlottie-wrong: REASON") }
            guard out.count == Set(out.keys).count else { throw ManifestError(line: n + 1, "duplicate") }
        }
        return out
    }

    struct ManifestError: Error, CustomStringConvertible {
        var line: Int, message: String
        init(line: Int, _ message: String) { self.line = line; self.message = message }
        var description: String { "MANIFEST line \(line): \(message)" }
    }

    // MARK: - Features

    /// A feature of the Lottie format, as the agreement table names it, in table order.
    static let featureNames: [(key: String, label: String)] = [
        ("shape", "shape layers"), ("solid", "solid layers"), ("null", "null layers"), ("image", "image layers"),
        ("image-embedded", "embedded images"), ("image-file", "images beside the file"),
        ("precomp", "precompositions"), ("text", "text layers"), ("chars", "text with glyphs (`chars`)"),
        ("group", "groups"), ("rect", "rectangles"), ("ellipse", "ellipses"), ("polystar", "polystars"),
        ("path", "paths"), ("fill", "fills"), ("stroke", "strokes"), ("dashes", "dashed strokes"),
        ("gradient-fill", "gradient fills"), ("gradient-stroke", "gradient strokes"), ("radial", "radial gradients"),
        ("trim", "trim paths"), ("trim-individual", "trim paths, individually"), ("repeater", "repeaters"),
        ("round-corners", "rounded corners"), ("merge", "merge paths"), ("shape-transform", "shape transforms"),
        ("masks", "masks"), ("mask-add", "mask add"), ("mask-subtract", "mask subtract"),
        ("mask-intersect", "mask intersect"), ("mask-difference", "mask difference"),
        ("mask-lighten-darken", "mask lighten/darken"), ("mask-none", "mask none"), ("mask-inverted", "inverted masks"),
        ("mask-animated", "animated masks"),
        ("matte-alpha", "alpha mattes"), ("matte-alpha-inverted", "inverted alpha mattes"), ("matte-luma", "luma mattes"),
        ("matte-luma-inverted", "inverted luma mattes"), ("matte-parent", "matte parents (`tp`)"),
        ("blend", "blend modes"), ("time-remap", "time remapping"), ("time-stretch", "time stretch"),
        ("3d", "3D layers"), ("auto-orient", "auto-orient"), ("parenting", "parenting"),
        ("split-position", "split position"), ("skew", "skew"), ("hold", "hold keyframes"),
        ("spatial", "motion along curves"), ("effects", "effects"), ("drop-shadow", "drop shadows"),
        ("expressions", "expressions"), ("markers", "markers"), ("bodymovin4", "Bodymovin 4.x"),
    ]

    /// The features a Lottie file uses, by key, read from its JSON.
    static func features(of json: Any) -> Set<String> {
        var f = Set<String>()
        guard let root = json as? [String: Any] else { return f }
        if (root["v"] as? String)?.hasPrefix("4") == true { f.insert("bodymovin4") }
        if let m = root["markers"] as? [Any], !m.isEmpty { f.insert("markers") }
        if let c = root["chars"] as? [Any], !c.isEmpty { f.insert("chars") }
        let assets = root["assets"] as? [[String: Any]] ?? []
        for a in assets where a["layers"] == nil {
            if let p = a["p"] as? String { f.insert(p.hasPrefix("data:") ? "image-embedded" : "image-file") }
        }
        scanProperties(root, into: &f)
        scanLayers(root["layers"] as? [[String: Any]] ?? [], into: &f)
        for a in assets { scanLayers(a["layers"] as? [[String: Any]] ?? [], into: &f) }
        return f
    }

    private static func scanLayers(_ layers: [[String: Any]], into f: inout Set<String>) {
        let types = [0: "precomp", 1: "solid", 2: "image", 3: "null", 4: "shape", 5: "text"]
        for l in layers {
            if let t = types[l["ty"] as? Int ?? -1] { f.insert(t) }
            let masks = l["masksProperties"] as? [[String: Any]] ?? []
            if !masks.isEmpty { f.insert("masks") }
            for m in masks {
                let modes = ["a": "mask-add", "s": "mask-subtract", "i": "mask-intersect", "f": "mask-difference",
                             "l": "mask-lighten-darken", "d": "mask-lighten-darken", "n": "mask-none"]
                if let mode = modes[m["mode"] as? String ?? "a"] { f.insert(mode) }
                if m["inv"] as? Bool == true { f.insert("mask-inverted") }
                if (m["pt"] as? [String: Any])?["a"] as? Int == 1 { f.insert("mask-animated") }
            }
            let mattes = [1: "matte-alpha", 2: "matte-alpha-inverted", 3: "matte-luma", 4: "matte-luma-inverted"]
            if let tt = l["tt"] as? Int, let m = mattes[tt] { f.insert(m) }
            if l["tp"] != nil { f.insert("matte-parent") }
            if let bm = l["bm"] as? Int, bm != 0 { f.insert("blend") }
            if l["tm"] != nil { f.insert("time-remap") }
            if l["ddd"] as? Int == 1 { f.insert("3d") }
            if let sr = l["sr"] as? Double, sr != 1 { f.insert("time-stretch") }
            if l["ao"] as? Int == 1 { f.insert("auto-orient") }
            if l["parent"] != nil { f.insert("parenting") }
            let ks = l["ks"] as? [String: Any] ?? [:]
            if (ks["p"] as? [String: Any])?["s"] as? Bool == true { f.insert("split-position") }
            if let sk = ks["sk"] as? [String: Any], (sk["a"] as? Int == 1 || (sk["k"] as? Double ?? 0) != 0) { f.insert("skew") }
            let effects = l["ef"] as? [[String: Any]] ?? []
            if !effects.isEmpty { f.insert("effects") }
            if effects.contains(where: { $0["ty"] as? Int == 25 }) { f.insert("drop-shadow") }
            scanShapes(l["shapes"] as? [[String: Any]] ?? [], into: &f)
        }
    }

    private static func scanShapes(_ items: [[String: Any]], into f: inout Set<String>) {
        let types = ["gr": "group", "rc": "rect", "el": "ellipse", "sr": "polystar", "sh": "path", "fl": "fill",
                     "st": "stroke", "gf": "gradient-fill", "gs": "gradient-stroke", "tm": "trim", "rp": "repeater",
                     "rd": "round-corners", "mm": "merge"]
        for s in items {
            let ty = s["ty"] as? String ?? ""
            if let t = types[ty] { f.insert(t) }
            if ty == "st" || ty == "gs", let d = s["d"] as? [Any], !d.isEmpty { f.insert("dashes") }
            if ty == "gf" || ty == "gs", s["t"] as? Int == 2 { f.insert("radial") }
            if ty == "tm", s["m"] as? Int == 2 { f.insert("trim-individual") }
            if ty == "gr" {
                let inner = s["it"] as? [[String: Any]] ?? []
                if let tr = inner.last(where: { $0["ty"] as? String == "tr" }), !isIdentity(tr) { f.insert("shape-transform") }
                scanShapes(inner, into: &f)
            }
        }
    }

    /// A group transform that moves nothing (what exporters write for every group).
    private static func isIdentity(_ tr: [String: Any]) -> Bool {
        func value(_ key: String) -> [Double]? {
            guard let p = tr[key] as? [String: Any] else { return nil }
            if p["a"] as? Int == 1 { return [.nan] }
            if let n = p["k"] as? Double { return [n] }
            return p["k"] as? [Double]
        }
        let a = value("a") ?? [0, 0], p = value("p") ?? [0, 0]
        return a.prefix(2).elementsEqual(p.prefix(2)) && (value("s") ?? [100, 100]).prefix(2).allSatisfy { $0 == 100 }
            && (value("r") ?? [0]) == [0] && (value("o") ?? [100]) == [100] && (value("sk") ?? [0]) == [0]
    }

    /// Expressions, hold keyframes and spatial tangents, wherever a property is.
    private static func scanProperties(_ value: Any, into f: inout Set<String>) {
        if let o = value as? [String: Any] {
            if o["x"] is String, o["k"] != nil || o["a"] != nil { f.insert("expressions") }
            if o["a"] as? Int == 1, let ks = o["k"] as? [[String: Any]] {
                if ks.contains(where: { $0["h"] as? Int == 1 }) { f.insert("hold") }
                if ks.contains(where: { k in
                    (k["ti"] as? [Double]).map { $0.contains { $0 != 0 } } == true
                        || (k["to"] as? [Double]).map { $0.contains { $0 != 0 } } == true
                }) { f.insert("spatial") }
            }
            for v in o.values { scanProperties(v, into: &f) }
        } else if let a = value as? [Any] {
            for v in a { scanProperties(v, into: &f) }
        }
    }

    // MARK: - The agreement table

    /// Per feature: how many corpus files use it, and how many of those the manifest says
    /// agree with rlottie (and how many LayerLab draws right where rlottie is wrong).
    static func table(features: [String: Set<String>], manifest: [String: Expectation]) -> String {
        let total = features.count
        let agreeing = features.keys.filter { manifest[$0] == .agrees }.count
        var out = "| Feature | Files | Agree with rlottie | rlottie wrong, LayerLab checked by golden |\n|---|---:|---:|---:|\n"
        out += "| all files | \(total) | \(agreeing) | \(features.keys.filter { manifest[$0]?.isRlottieWrong == true }.count) |\n"
        for (key, label) in featureNames {
            let using = features.filter { $0.value.contains(key) }.map(\.key)
            guard !using.isEmpty else { continue }
            let agree = using.filter { manifest[$0] == .agrees }.count
            let golden = using.filter { manifest[$0]?.isRlottieWrong == true }.count
            out += "| \(label) | \(using.count) | \(agree) | \(golden) |\n"
        }
        return out
    }
}
