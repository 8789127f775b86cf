#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
@testable import LayerLabProject
import Testing

/// The format's central promise: `decode(encode(d)) == d` and saving what was loaded gives
/// the same bytes, for random documents covering the whole model.
@Suite struct RoundTripTests {
    /// `LAYERLAB_SEED=N` replays one seed; otherwise a fixed range of seeds runs.
    static var seeds: [UInt64] {
        if let s = ProcessInfo.processInfo.environment["LAYERLAB_SEED"], let n = UInt64(s) { return [n] }
        return Array(0..<300)
    }

    @Test func randomDocumentsRoundTrip() throws {
        for seed in RoundTripTests.seeds {
            var gen = DocumentGenerator(seed: seed)
            let doc = gen.document()
            let data = ProjectFile.encode(doc)
            let back: Document
            do { back = try ProjectFile.decode(data) } catch {
                Issue.record("seed \(seed): \(error)\n\(String(decoding: data, as: UTF8.self))")
                continue
            }
            #expect(back == doc, "seed \(seed): the document changed in a round trip (LAYERLAB_SEED=\(seed) replays it)")
            #expect(ProjectFile.encode(back) == data, "seed \(seed): saving the loaded document gave other bytes")
        }
    }

    /// The generator is only worth as much as what it covers, so check that too.
    @Test(.enabled(if: RoundTripTests.seeds.count > 100, "LAYERLAB_SEED replays a single seed"))
    func generatorCoversTheModel() {
        var valueCases = Set<String>(), kinds = Set<LayerKind>(), properties = Set<String>()
        var animationKinds = Set<String>(), timing = Set<String>(), exprs = Set<String>()
        var nestedGroup = false, events = 0, infiniteRepeat = false, canvasDuration = false
        func visit(_ v: Value) {
            valueCases.insert(String(describing: v).prefix { $0 != "(" }.description)
            if case .list(let xs) = v { xs.forEach(visit) }
        }
        func visit(_ e: TimeExpr) {
            switch e {
            case .number: exprs.insert("number")
            case .begin: exprs.insert("begin")
            case .end: exprs.insert("end")
            case .add(let a, let b): exprs.insert("add"); visit(a); visit(b)
            case .subtract(let a, let b): exprs.insert("subtract"); visit(a); visit(b)
            case .multiply(let a, let b): exprs.insert("multiply"); visit(a); visit(b)
            case .divide(let a, let b): exprs.insert("divide"); visit(a); visit(b)
            case .negate(let a): exprs.insert("negate"); visit(a)
            }
        }
        func visit(_ a: Animation, depth: Int) {
            animationKinds.insert(a.kindName)
            let t = a.timing
            timing.formUnion(MediaTiming.attributes.filter { $0.value(in: t) != nil }.map(\.name))
            if t.repeatCount.isInfinite { infiniteRepeat = true }
            visit(t.beginTime)
            switch a.body {
            case .basic(let b): [b.from, b.to, b.by].compactMap { $0 }.forEach(visit)
            case .keyframes(let k): k.values.forEach(visit)
            case .spring(let s): [s.from, s.to, s.by].compactMap { $0 }.forEach(visit)
            case .group(let g):
                if depth > 0 { nestedGroup = true }
                g.children.forEach { visit($0, depth: depth + 1) }
            }
        }
        func visit(_ l: Layer) {
            kinds.insert(l.kind)
            properties.formUnion(l.properties.keys)
            l.properties.values.forEach(visit)
            l.sublayers.forEach(visit)
        }
        for seed in RoundTripTests.seeds {
            var gen = DocumentGenerator(seed: seed)
            let doc = gen.document()
            doc.layers.forEach(visit)
            doc.animations.forEach { visit($0, depth: 0) }
            events += doc.events.count
            doc.events.forEach { e in visit(e.time); e.assignments.forEach { visit($0.value) } }
            if doc.canvas.duration != nil { canvasDuration = true }
        }
        #expect(valueCases == ["number", "bool", "point", "size", "rect", "color", "path", "pathRef", "string", "list", "transform", "null"])
        #expect(kinds == Set(LayerKind.allCases))
        #expect(properties == Set(PropertyTable.all.map(\.name)))
        #expect(animationKinds == ["animate", "keyframes", "spring", "group"])
        #expect(timing == Set(MediaTiming.attributeNames))
        #expect(exprs == ["number", "begin", "end", "add", "subtract", "multiply", "divide", "negate"])
        #expect(nestedGroup && infiniteRepeat && canvasDuration && events > 0)
    }

    @Test func emptyDocumentRoundTrips() throws {
        let data = ProjectFile.encode(Document())
        #expect(try ProjectFile.decode(data) == Document())
    }

    @Test(arguments: [
        "1", "a.end", "fade.2.begin", "a.end + 0.1", "-1", "-(1)", "--a.end", "-(-1)", "a.end - -1",
        "(a.end + b.begin) * 2", "a.end / (2 * b.end)", "1 - (2 - 3)", "inf", "-inf", "-(inf)", "1e-07 + 5e-324",
        "`odd name`.end", "`back``quote`.begin", "-a.begin * b.end", "-(a.begin * b.end)",
    ])
    func timeExpressionTextRoundTrips(_ text: String) throws {
        let e = try TimeExpr(parsing: text)
        #expect(e.text(.exact) == text)
        #expect(try TimeExpr(parsing: e.text(.exact)) == e)
    }

    @Test func afterMeansEnd() throws {
        #expect(try TimeExpr(parsing: "after spin + 0.5") == .add(.end("spin"), .number(0.5)))
    }
}

