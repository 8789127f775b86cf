import Testing
@testable import LayerLabCore

/// Undo keeps only what each step changed, and undo/redo give back exactly the recorded states.
struct HistoryTests {
    func doc(_ names: [String], canvasWidth: Double = 200) -> Document {
        var d = Document()
        d.canvas.size = Size(canvasWidth, 200)
        d.layers = names.map { Layer(name: $0, kind: .layer) }
        return d
    }

    @Test func undoAndRedoRestoreEveryStateExactly() {
        var states = [doc([])]
        var h = History(initial: states[0])
        var names: [String] = []
        for i in 0..<50 {
            names.insert("l\(i)", at: i % 3 == 0 ? 0 : names.count / 2)
            if i % 7 == 0 { names.remove(at: names.count / 3) }
            states.append(doc(names, canvasWidth: Double(201 + i)))
            h.record("step \(i)", states.last!)
        }
        for k in stride(from: 49, through: 0, by: -1) {
            #expect(h.undo() == ["step \(k)"])
            #expect(h.current == states[k])
        }
        #expect(h.undo().isEmpty)
        #expect(h.redo(50).count == 50)
        #expect(h.current == states[50])
    }

    @Test func recordingAfterUndoDropsTheRedoBranch() {
        var h = History(initial: doc([]))
        h.record("a", doc(["a"]))
        h.record("b", doc(["a", "b"]))
        h.undo()
        h.record("c", doc(["a", "c"]))
        #expect(!h.canRedo)
        #expect(h.entries.map(\.label) == ["", "a", "c"])
        h.undo(2)
        #expect(h.current == doc([]))
    }

    @Test func theOldestStepsAreForgottenPastTheCapacity() {
        var h = History(initial: doc([]), capacity: 3)
        var names: [String] = []
        for i in 0..<10 {
            names.append("l\(i)")
            h.record("add l\(i)", doc(names))
            #expect(h.entries.count == min(i + 2, 4))
        }
        #expect(h.entries.map(\.label) == ["", "add l7", "add l8", "add l9"])
        #expect(h.undo(10) == ["add l9", "add l8", "add l7"])
        #expect(h.current == doc((0..<7).map { "l\($0)" }))
    }

    @Test func aStepHoldsOnlyWhatChanged() {
        // 5,000 one-layer additions: each step keeps one layer, so the history holds 5,000
        // layers in all, not 12.5 million.
        var h = History(initial: doc([]), capacity: 100_000)
        var d = doc([])
        for i in 0..<5_000 {
            d.layers.append(Layer(name: "l\(i)", kind: .layer))
            h.record("layer l\(i)", d)
        }
        #expect(h.entries.count == 5_001)
        h.undo(4_999)
        #expect(h.current.layers.map(\.name) == ["l0"])
    }
}
