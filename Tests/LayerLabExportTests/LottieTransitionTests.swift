import Foundation
import LayerLabCore
import LayerLabExport
import Testing

/// Transitions in the Lottie export as keyframes: the old picture and the new one as layers
/// whose position and opacity follow the transition's type, side, duration, timing function and
/// progress range, stacked as LayerLab stacks them, shown only while it runs.
struct LottieTransitionTests {
    static let fps = 60.0

    /// A card 80 × 60 whose colour changes at 0.5 s through `transition` (linear unless given).
    static func export(_ transition: String) throws -> (LottieReader, LottieExport) {
        let doc = ExportFixtures.document("""
            canvas size=200x200 duration=2
            layer card position=(100, 100) bounds=rect(0, 0, 80, 60) backgroundColor=red
            at 0.5 set card backgroundColor=blue transition=\(transition) duration=1 as flip
            """)
        let export = LottieExporter.export(doc, options: LottieOptions(fps: fps))
        return (try LottieReader(export.data), export)
    }

    static func value(_ layer: [String: Any], _ key: String, at frame: Double) throws -> [Double] {
        try #require(LottieReader.value((layer["ks"] as? [String: Any])?[key], at: frame))
    }

    static func close(_ a: [Double], _ b: [Double], _ what: String) {
        #expect(a.count >= b.count && zip(a, b).allSatisfy { abs($0 - $1) < 0.02 }, "\(what): \(a) is not \(b)")
    }

    /// Where each picture is (its offset in sizes of the layer) and how opaque, at progress p.
    static func expected(_ kind: Transition.Kind, _ p: Double) -> (old: Double, new: Double, oldAlpha: Double, newAlpha: Double) {
        switch kind {
        case .fade: return (0, 0, 1 - p, p)
        case .moveIn: return (0, -(1 - p), 1, 1)
        case .push: return (p, -(1 - p), 1, 1)
        case .reveal: return (p, 0, 1, 1)
        }
    }

    static let everyTypeAndSide: [(Transition.Kind, Transition.Subtype?)] =
        [(.fade, nil)] + [Transition.Kind.moveIn, .push, .reveal].flatMap { k in [(k, nil)] + Transition.Subtype.allCases.map { (k, $0) } }

    @Test(arguments: everyTypeAndSide.indices)
    func picturesAreKeyedFrameByFrame(_ i: Int) throws {
        let (kind, side) = Self.everyTypeAndSide[i]
        let what = "\(kind.rawValue) \(side?.rawValue ?? "(no subtype)")"
        let (lottie, export) = try Self.export(kind.rawValue + (side.map { " subtype=\($0.rawValue)" } ?? ""))
        #expect(export.notes.isEmpty, "\(what): \(export.notes)")
        let container = try #require(lottie.layer("card"), "\(what)")
        Self.close(try Self.value(container, "p", at: 45), [100, 100], "\(what): the container holds the layer's place")
        let old = try #require(lottie.layer("card (before flip)"), "\(what)")
        let new = try #require(lottie.layer("card (after)"), "\(what)")
        let motion = (side ?? .fromLeft).motion
        // The transition runs over frames 30…90 (0.5 s to 1.5 s), linearly.
        for frame in [30.0, 40, 45, 60, 75, 89] {
            let p = (frame / Self.fps - 0.5) / 1
            let e = Self.expected(kind, p)
            Self.close(try Self.value(old, "p", at: frame), [40 + motion.dx * e.old * 80, 30 + motion.dy * e.old * 60],
                       "\(what): old picture at frame \(frame)")
            Self.close(try Self.value(new, "p", at: frame), [40 + motion.dx * e.new * 80, 30 + motion.dy * e.new * 60],
                       "\(what): new picture at frame \(frame)")
            if kind == .fade {
                // The old picture fades through its matted precompositions; the new one on its own layer.
                let fading = try #require(lottie.layer("card (before flip) (fading)"))
                Self.close(try Self.value(fading, "o", at: frame), [e.oldAlpha * 100], "\(what): old fading at \(frame)")
                let under = try #require(lottie.layer("card (before flip) (under the new)"))
                Self.close(try Self.value(under, "o", at: frame), [100], "\(what): old under the new at \(frame)")
            } else {
                Self.close(try Self.value(old, "o", at: frame), [100], "\(what): old opacity at \(frame)")
            }
            Self.close(try Self.value(new, "o", at: frame), [e.newAlpha * 100], "\(what): new opacity at \(frame)")
        }
        // Before the change and once it is over: the new picture alone, in place.
        for frame in [0.0, 29, 90, 120] {
            Self.close(try Self.value(new, "p", at: frame), [40, 30], "\(what): at rest at frame \(frame)")
            Self.close(try Self.value(new, "o", at: frame), [100], "\(what): new shown at frame \(frame)")
            let shown = kind == .fade ? try #require(lottie.layer("card (before flip) (fading)")) : old
            Self.close(try Self.value(shown, "o", at: frame), [0], "\(what): old hidden at frame \(frame)")
        }
        // Each picture carries its own colour: the old one red, the new one blue.
        #expect(Self.fills(old).allSatisfy { $0.first ?? 0 > 0.99 && $0[2] < 0.01 }, "\(what): \(Self.fills(old))")
        #expect(!Self.fills(new).isEmpty && Self.fills(new).allSatisfy { $0[2] > 0.99 && $0[0] < 0.01 }, "\(what): \(Self.fills(new))")
        // reveal slides the old picture away on top; the others bring the new one in on top.
        let names = (lottie.layers + (lottie.root["assets"] as? [[String: Any]] ?? []).flatMap { $0["layers"] as? [[String: Any]] ?? [] })
            .compactMap { $0["nm"] as? String }
        if kind != .fade {
            let o = try #require(names.firstIndex(of: "card (before flip)")), n = try #require(names.firstIndex(of: "card (after)"))
            #expect(kind == .reveal ? o < n : n < o, "\(what): Lottie lists front first: \(names)")
        }
    }

    /// The fill colours of a layer at frame 45, within the transition.
    static func fills(_ layer: [String: Any]) -> [[Double]] {
        LottieReader.items(layer).filter { $0["ty"] as? String == "fl" }.compactMap { LottieReader.value($0["c"], at: 45) }
    }

    /// The progress runs from startProgress to endProgress over the duration, paced by the
    /// timing function: worked by hand for easeIn (control points 0.42, 0, 1, 1).
    @Test func timingFunctionAndProgressRange() throws {
        let (lottie, export) = try Self.export("push subtype=fromRight startProgress=0.25 endProgress=0.75 timingFunction=easeIn")
        #expect(export.notes.isEmpty, "\(export.notes)")
        let old = try #require(lottie.layer("card (before flip)")), new = try #require(lottie.layer("card (after)"))
        // At the change p = 0.25: the old picture a quarter out to the left, the new three quarters in.
        Self.close(try Self.value(old, "p", at: 30), [20, 30], "old at the start")
        Self.close(try Self.value(new, "p", at: 30), [100, 30], "new at the start")
        // Halfway in time easeIn has gone 0.3125 of the way (x(s) = 0.5 at s ≈ 0.5906, y = s³ + 3s²(1 − s)·0 …):
        // the curve's y at that s, worked out below; p = 0.25 + 0.5·y.
        let y = TimingFunction.easeIn(0.5)
        #expect(abs(y - 0.3153) < 0.001, "\(y)")
        let p = 0.25 + 0.5 * y
        Self.close(try Self.value(old, "p", at: 60), [40 - p * 80, 30], "old halfway")
        Self.close(try Self.value(new, "p", at: 60), [40 + (1 - p) * 80, 30], "new halfway")
        // Just before the end p is nearly 0.75; then the transition is removed and the new picture rests.
        Self.close(try Self.value(new, "p", at: 90), [40, 30], "new at rest after the end")
        Self.close(try Self.value(old, "o", at: 90), [0], "old gone after the end")
    }

    /// Successive transitions on one layer (a counter): one frozen picture each, shown only
    /// while its own transition runs, holding the text it replaced.
    @Test func successiveTransitionsEachHaveTheirOldPicture() throws {
        let doc = try ExportFixtures.example("counter.lab")
        let export = LottieExporter.export(doc, options: LottieOptions(fps: Self.fps))
        #expect(export.notes.isEmpty, "\(export.notes)")
        let lottie = try LottieReader(export.data)
        for (n, event) in ["one", "two", "three", "four"].enumerated() {
            let old = try #require(lottie.layer("digit (before \(event))"), "\(event)")
            let begin = Double(n + 1) * Self.fps
            Self.close(try Self.value(old, "o", at: begin - 1), [0], "\(event) before it begins")
            Self.close(try Self.value(old, "o", at: begin + 12), [100], "\(event) while it runs")
            Self.close(try Self.value(old, "o", at: begin + 25), [0], "\(event) once it is over (0.4 s, 24 frames)")
            // The old digit moves up out of the window (fromBottom: content moves up).
            let y0 = try Self.value(old, "p", at: begin)[1], y1 = try Self.value(old, "p", at: begin + 12)[1]
            #expect(y1 < y0, "\(event): \(y0) → \(y1)")
        }
    }

    /// A layer that masks to its bounds clips each picture in its own place.
    @Test func clippedPicturesWhenTheLayerMasksToBounds() throws {
        let doc = ExportFixtures.document("""
            canvas size=200x200 duration=2
            layer card position=(100, 100) bounds=rect(0, 0, 80, 60) backgroundColor=red masksToBounds=true
            shape dot in card position=(40, 30) path=circle(0, 0, 50) fillColor=green
            at 0.5 set card backgroundColor=blue transition=push duration=1 as flip
            """)
        let export = LottieExporter.export(doc, options: LottieOptions(fps: Self.fps))
        #expect(export.notes.isEmpty, "\(export.notes)")
        let lottie = try LottieReader(export.data)
        for name in ["card (before flip) (clipped)", "card (after) (clipped)"] {
            #expect(lottie.layer(name) != nil, "\(name)")
        }
        // The sublayer goes with each picture: renamed in the old one, itself in the new one.
        #expect(lottie.layer("dot (before flip)") != nil && lottie.layer("dot") != nil)
    }

    /// `bake` has nothing to add to a transition: the same bytes.
    @Test func bakeLeavesTransitionsAlone() throws {
        let doc = try ExportFixtures.example("counter.lab")
        let plain = LottieExporter.export(doc, options: LottieOptions(fps: 30))
        let baked = LottieExporter.export(doc, options: LottieOptions(fps: 30, bake: true))
        #expect(plain.data == baked.data && baked.baked.isEmpty)
    }

    /// A mask is read as one layer, so a transition on it is not drawn there: said, not dropped.
    @Test func aTransitionOnAMaskIsNoted() throws {
        let doc = ExportFixtures.document("""
            canvas size=200x200 duration=2
            shape spot position=(60, 60) path=circle(0, 0, 30) fillColor=black
            layer card position=(60, 60) bounds=rect(0, 0, 80, 80) backgroundColor=green mask=spot
            at 0.5 set spot fillColor=red transition=moveIn duration=0.5 as grow
            """)
        let export = LottieExporter.export(doc, options: LottieOptions(fps: Self.fps))
        #expect(export.notes.contains("spot: grow's transition is not drawn where spot masks another layer in Lottie"), "\(export.notes)")
    }
}
