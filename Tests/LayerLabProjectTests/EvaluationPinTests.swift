import Foundation
import LayerLabCore
import TestSupport
import Testing
import Glibc

/// Pins what the evaluator computes, so its fast paths can be reworked without changing a
/// single bit: for random documents covering every layer kind, value case, animation kind and
/// timing attribute (and a many-layer scene like the benchmark's), the presentation tree,
/// every layer's presentation and model properties, and the value and explanation of every
/// animated key path, at many times. Each document has its own readable golden
/// (`random-documents/seed-N.txt`): a line per key path and time with its value, so a failure
/// shows which value moved; trees and explanations too long to read are pinned by a digest on
/// the line of the layer or key path they belong to. `LAYERLAB_RECORD=1` rewrites them (only
/// on purpose).
@Suite struct EvaluationPinTests {
    static let times: [Double] = [-0.3, 0, 0.1, 0.25, 0.5, 0.77, 1.25, 2.3, 6]

    /// How many layers a presentation tree draws, replicated copies and masks included.
    static func count(_ ls: [PresentedLayer]) -> Int {
        ls.reduce(0) { n, l in
            // NB: the boxed fields copied out first, so no read of them is open while the
            // count recurses into a mask or copy that may share their box.
            let extras = l.extras
            return n + 1 + count(l.sublayers) + count(extras.mask) + (extras.replicator?.copies.reduce(0) { $0 + count($1) } ?? 0)
        }
    }

    /// `text` as it is when short, else its first characters and a digest of the whole.
    static func readable(_ text: String, limit: Int = 96) -> String {
        guard text.count > limit else { return text }
        var hash = FNV1a()
        hash.add(text)
        return String(text.prefix(limit)) + "… #" + hash.hex
    }

    static func digest(_ text: String) -> String {
        var hash = FNV1a()
        hash.add(text)
        return hash.hex
    }

    /// Every answer the evaluator gives about `doc` at the sample times, a line each. With
    /// `whole` false (scenes of thousands of replicated copies or long emitter runs, which add
    /// nothing but time) the trees and per-layer property lists are left out and the key
    /// paths' values and explanations still pinned.
    static func pin(_ doc: Document, whole: Bool = true) -> String {
        let ev = Evaluator(document: doc)
        var layers: [String] = []
        func collect(_ ls: [Layer]) { for l in ls { layers.append(l.name); collect(l.sublayers) } }
        collect(doc.layers)
        var keyPaths: [(String, String)] = []
        func visit(_ a: Animation, layer: String) {
            if let kp = a.keyPath { keyPaths.append((layer, kp)) }
            if case .group(let g) = a.body { for c in g.children { visit(c, layer: layer) } }
        }
        for a in doc.animations { visit(a, layer: a.layer) }
        for e in doc.events { for s in e.assignments { keyPaths.append((e.layer, s.keyPath)) } }
        let d = ev.sceneDuration
        var out = whole ? "" : "# trees and property lists not pinned (replicated thousands or emitters); key paths are\n"
        for t in times + [d / 2, d, d + 0.01] {
            out += "t=\(t)\n"
            if whole {
                out += "  scene #" + digest(String(reflecting: ev.scene(at: t))) + "\n"
                for l in layers {
                    out += "  \(l): presentation #" + digest(String(reflecting: ev.presentationProperties(layer: l, at: t)))
                        + " model #" + digest(String(reflecting: ev.modelProperties(layer: l, at: t))) + "\n"
                }
            }
            for (l, kp) in keyPaths {
                let value = ev.presentationValue(layer: l, keyPath: kp, at: t)
                    .map { String(reflecting: $0).replacingOccurrences(of: "LayerLabCore.", with: "") } ?? "none"
                out += "  \(l).\(kp) = " + readable(value)
                    + " explain #" + digest(String(reflecting: ev.explain(layer: l, keyPath: kp, at: t))) + "\n"
            }
        }
        return out
    }

    /// Seeds 0..<80; `LAYERLAB_SEED=N` evaluates one.
    static let seeds: [UInt64] = getenv("LAYERLAB_SEED").flatMap { UInt64(String(cString: $0)) }.map { [$0] }
        ?? Array(0..<80)

    @Test(arguments: seeds)
    func randomDocumentEvaluatesAsPinned(_ seed: UInt64) {
        var gen = DocumentGenerator(seed: seed)
        let doc = gen.document()
        func emits(_ ls: [Layer]) -> Bool { ls.contains { $0.kind == .emitter || emits($0.sublayers) } }
        let ev = Evaluator(document: doc)
        let d = ev.sceneDuration
        let big = emits(doc.layers)
            || (Self.times + [d / 2, d, d + 0.01]).contains { Self.count(ev.scene(at: $0).layers) > 200 }
        assertGolden(Self.pin(doc, whole: !big), suite: "EvaluationPinTests", name: "random-documents/seed-\(seed)")
    }

    /// Many shape layers with basic, by, keyframe and colour animations of every timing
    /// attribute, plus events (some animated) and a group: the benchmark's recipe, smaller.
    @Test func manyLayersEvaluateAsPinned() {
        var d = Document()
        d.layers = (0..<60).map { i in
            Layer(name: "l\(i)", kind: .shape, properties: [
                "position": .point(Point(Double(i % 8) * 5, Double(i / 8) * 5)),
                "path": .path(.circle(center: .zero, radius: 3)),
                "fillColor": .color(Color(1, 0, 0)),
            ])
        }
        for j in 0..<180 {
            var t = MediaTiming()
            t.beginTime = .number(Double(j % 7) * 0.1)
            t.duration = 0.5 + Double(j % 5) * 0.1
            t.repeatCount = j % 3 == 0 ? .infinity : 2
            t.autoreverses = j % 2 == 0
            t.fillMode = j % 5 == 0 ? .forwards : .both
            t.removedOnCompletion = j % 5 == 0
            t.additive = j % 6 == 1
            t.timeOffset = j % 9 == 0 ? 0.2 : 0
            t.timingFunction = j % 4 == 0 ? .easeInEaseOut : nil
            let body: Animation.Body
            switch j % 5 {
            case 0: body = .basic(.init(keyPath: "opacity", from: .number(0), to: .number(1)))
            case 1: body = .basic(.init(keyPath: "position.x", by: .number(20)))
            case 2: body = .keyframes(.init(keyPath: "transform.rotation.z", values: [0, 1, 2].map(Value.number),
                                            calculationMode: j % 3 == 0 ? .cubic : .linear))
            case 3: body = .basic(.init(keyPath: "fillColor", to: .color(Color(0, 0, 1))))
            default: body = .spring(.init(keyPath: "transform.scale", from: .number(0.5), to: .number(1),
                                          form: .physics(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)))
            }
            d.animations.append(Animation(name: "a\(j)", layer: "l\(j % 60)", timing: t, body: body))
        }
        var g = MediaTiming()
        g.duration = 2
        d.animations.append(Animation(name: "g", layer: "l3", timing: g, body: .group(.init(children: [
            Animation(name: "", layer: "l3", body: .basic(.init(keyPath: "bounds.size.width", from: .number(1), to: .number(9)))),
            Animation(name: "", layer: "l3", body: .basic(.init(keyPath: "strokeEnd", to: .number(0.5)))),
        ], sequence: true))))
        for k in 0..<20 {
            d.events.append(Event(name: "e\(k)", time: .number(Double(k) * 0.2), layer: "l\(k * 3)",
                                  assignments: [Assignment(keyPath: k % 2 == 0 ? "opacity" : "position.y",
                                                      value: .number(Double(k) / 20))],
                                  animated: k % 3 == 0))
        }
        assertGolden(Self.pin(d), suite: "EvaluationPinTests", name: "many-layers")
    }
}

/// 64-bit FNV-1a over text: a stable digest (Swift's `Hasher` is seeded per process).
struct FNV1a {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ s: String) {
        for b in s.utf8 { state = (state ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        state = (state ^ 0xff) &* 0x0000_0100_0000_01b3
    }

    var hex: String {
        let h = String(state, radix: 16)
        return String(repeating: "0", count: 16 - h.count) + h
    }
}
