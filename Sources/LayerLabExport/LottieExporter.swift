import Foundation
import LayerLabCore

/// A Lottie (bodymovin 5.x) JSON that standard players render like LayerLab.
///
/// Every layer becomes a Lottie layer parented like the layer tree: shape layers (`ty: 4`) for
/// shapes, text (stroked with LayerLab's vector font, so it looks the same without fonts) and
/// backgrounds and borders; image layers (`ty: 2`) for plain PNG contents; null layers (`ty: 3`)
/// for layers that only carry a transform. Animated values are sampled from the evaluator at
/// every frame and reduced to linear or hold keyframes (see `LottieProperty`), so Lottie
/// follows LayerLab's Core Animation timing exactly instead of re-deriving it.
///
///     let export = LottieExporter.export(document, fps: 60)
///     // export.data: the JSON; export.notes: what could not be carried over
public enum LottieExporter {
    /// The Lottie JSON for `document`.
    public static func json(for document: Document, fps: Double = 60) -> Data {
        export(document, fps: fps).data
    }

    /// The Lottie JSON and notes on what it leaves out (masks, text-art images, …).
    public static func export(_ document: Document, fps: Double = 60) -> LottieExport {
        var builder = LottieBuilder(document, fps: fps)
        let json = builder.build()
        return LottieExport(data: Data(json.text.utf8), notes: builder.notes)
    }
}

/// A Lottie export's bytes and what the exporter could not carry over.
public struct LottieExport: Sendable {
    public var data: Data
    /// One sentence each, for the user to read (the CLI prints them as warnings).
    public var notes: [String]
}

/// One layer at one frame: its presentation values and its opacity with every ancestor's
/// opacity and `hidden` folded in (Lottie parenting carries transforms only).
struct LayerSample {
    var layer: PresentedLayer
    var opacity: Double
}

/// The state of one Lottie export.
struct LottieBuilder {
    let document: Document
    let evaluator: Evaluator
    let fps: Double
    /// The last frame (`op`); samples run from frame 0 to it inclusive.
    let lastFrame: Int
    /// Per frame, every drawn layer by name.
    var frames: [[String: LayerSample]] = []
    /// Per frame, the mask of each masked layer (in that layer's coordinates), by layer name.
    var maskFrames: [[String: PresentedLayer]] = []
    var notes: [String] = []
    var assets: [JSONValue] = []
    var indices: [String: Int] = [:]

    init(_ document: Document, fps: Double) {
        self.document = document
        evaluator = Evaluator(document: document)
        self.fps = fps.isFinite && fps > 0 ? min(fps, 240) : 60
        let duration = evaluator.sceneDuration
        // Bounded so a very long scene cannot make an unbounded file.
        lastFrame = clampedInt((duration * self.fps).rounded(), 1, 36_000)
    }

    mutating func build() -> JSONValue {
        sample()
        let c = document.canvas
        var layers: [JSONValue] = []
        let painter = painterOrder()
        for (i, l) in painter.enumerated() { indices[l.layer.name] = i + 1 }
        var nextIndex = painter.count + 1
        for entry in painter.reversed() {
            // A masked layer follows its track matte (`td`) and reads it as an alpha matte (`tt`).
            if let matte = matteJSON(for: entry.layer, index: nextIndex) {
                layers.append(matte)
                nextIndex += 1
                layers.append(layerJSON(entry.layer, parent: entry.parent).adding("tt", .number(1)))
            } else {
                layers.append(layerJSON(entry.layer, parent: entry.parent))
            }
        }
        if c.background.a > 0 {
            layers.append(backgroundLayer(index: nextIndex))
        }
        return .object([
            ("v", .string("5.7.4")),
            ("fr", .number(fps)),
            ("ip", .number(0)),
            ("op", .number(Double(lastFrame))),
            ("w", .number(c.size.width.rounded())),
            ("h", .number(c.size.height.rounded())),
            ("nm", .string("LayerLab")),
            ("ddd", .number(0)),
            ("assets", .array(assets)),
            ("layers", .array(layers)),
            ("markers", .array([])),
        ])
    }

    /// Evaluates the scene at every frame.
    mutating func sample() {
        frames.reserveCapacity(lastFrame + 1)
        for f in 0...lastFrame {
            let scene = evaluator.scene(at: Double(f) / fps)
            var byName: [String: LayerSample] = [:]
            var masks: [String: PresentedLayer] = [:]
            func walk(_ ls: [PresentedLayer], _ parentOpacity: Double) {
                for l in ls {
                    let o = l.hidden ? 0 : parentOpacity * l.opacity
                    byName[l.name] = LayerSample(layer: l, opacity: o)
                    if let m = l.mask.first { masks[l.name] = m }
                    walk(l.sublayers, o)
                }
            }
            walk(scene.layers, 1)
            frames.append(byName)
            maskFrames.append(masks)
        }
    }

    /// Layers back to front as Core Animation draws them: a layer, then its sublayers sorted
    /// by zPosition (at frame 0; stable). Layers used as masks are left out.
    func painterOrder() -> [(layer: Layer, parent: String?)] {
        var out: [(Layer, String?)] = []
        let first = frames.first ?? [:]
        func walk(_ ls: [Layer], parent: String?) {
            let sorted = ls.enumerated().sorted { a, b in
                let za = first[a.element.name]?.layer.zPosition ?? 0, zb = first[b.element.name]?.layer.zPosition ?? 0
                return (za, a.offset) < (zb, b.offset)
            }
            for (_, l) in sorted where !isMask(l.name) {
                out.append((l, parent))
                walk(l.sublayers, parent: l.name)
            }
        }
        walk(document.layers, parent: nil)
        return out
    }

    func isMask(_ name: String) -> Bool {
        frames.allSatisfy { $0[name] == nil }
    }

    /// The samples of one layer, frame by frame (a layer absent from a frame is invisible).
    func samples(_ name: String) -> [LayerSample] {
        var last = LayerSample(layer: PresentedLayer(name: name, kind: .layer), opacity: 0)
        return frames.map { f in
            if let s = f[name] { last = s; return s }
            return LayerSample(layer: last.layer, opacity: 0)
        }
    }

    /// The canvas background: a rectangle under everything.
    func backgroundLayer(index: Int) -> JSONValue {
        let c = document.canvas
        let bg = c.background
        let rect: JSONValue = .object([
            ("ty", .string("rc")), ("nm", .string("canvas")), ("d", .number(1)),
            ("p", LottieProperty.vector([[c.size.width / 2, c.size.height / 2]])),
            ("s", LottieProperty.vector([[c.size.width, c.size.height]])),
            ("r", LottieProperty.scalar([0])),
        ])
        let fill = LottieShapes.fill(colors: [bg], evenOdd: false)
        return .object([
            ("ddd", .number(0)), ("ind", .number(Double(index))), ("ty", .number(4)), ("nm", .string("canvas background")),
            ("sr", .number(1)), ("ks", LottieShapes.identityTransform(layer: true)), ("ao", .number(0)),
            ("shapes", .array([LottieShapes.group("background", [rect, fill])])),
            ("ip", .number(0)), ("op", .number(Double(lastFrame))), ("st", .number(0)), ("bm", .number(0)),
        ])
    }
}
