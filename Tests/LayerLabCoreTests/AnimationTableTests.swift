@testable import LayerLabCore
import Testing

/// The pooled tracks' typed indices, and the invariants a compiled table keeps.
struct AnimationTableTests {
    /// `from`, `to` and `by` are appended in that order, only the given ones, and each index
    /// finds its own value whichever are missing.
    @Test(arguments: 0..<8)
    func endpointsFindTheirOwnValues(_ given: Int) {
        var table = AnimationTable()
        _ = table.add([.number(-1)])
        let value = { (bit: Int, v: Double) in given & (1 << bit) != 0 ? Value.number(v) : nil }
        let e = table.add(from: value(0, 10), to: value(1, 20), by: value(2, 30))
        #expect(e.from.map { table.values[$0.int] } == value(0, 10))
        #expect(e.to.map { table.values[$0.int] } == value(1, 20))
        #expect(e.by.map { table.values[$0.int] } == value(2, 30))
        #expect(e.range == 1..<table.values.count)
        #expect(table.numbers.count == table.values.count && table.colors.count == table.values.count)
        table._checkInvariants()
    }

    @Test func aTrackStillFitsItsBudget() {
        #expect(MemoryLayout<EndpointIndices>.size == 5)
        #expect(MemoryLayout<CurveIndex?>.size == 5)
    }

    /// Every track of a compiled document, groups and keyframes included, points inside its
    /// pools (checked by `_checkInvariants`, which `Evaluator` runs in debug builds).
    @Test func compiledTablesKeepTheirInvariants() {
        var doc = Document()
        doc.layers = [Layer(name: "a", kind: .shape)]
        var fade = Animation(name: "fade", layer: "a", body: .basic(.init(keyPath: "opacity", from: .number(0), to: .number(1))))
        fade.timing.timingFunction = .easeIn
        let child = Animation(name: "", layer: "a", body: .basic(.init(keyPath: "position.x", by: .number(5))))
        let group = Animation(name: "g", layer: "a", body: .group(.init(children: [child, child])))
        doc.animations = [fade, group]
        let ev = Evaluator(document: doc)
        ev.animationTable._checkInvariants()
        #expect(ev.animationTable.tracks.count == 4)
        #expect(ev.animationTable.values.count == 4)
    }

    #if DEBUG
    @Test func aBrokenTableStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            var table = AnimationTable()
            table.values = [.number(1)]
            table._checkInvariants()
        }
    }
    #endif
}
