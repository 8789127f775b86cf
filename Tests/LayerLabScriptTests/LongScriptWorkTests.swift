import Testing
import LayerLabCore
@testable import LayerLabScript

/// Scripts of tens of thousands of the lines scripts repeat most (`layer`, `shape`, `set`,
/// `animate`) used to cost time quadratic in their length (20,000 `layer` lines: 54 s): each
/// command looked names up by walking the whole tree, copied the document's lists and
/// compared them with the previous state for undo. The work each command does (layers
/// visited by lookups, list elements compared or copied for undo, names indexed) is counted
/// with `WorkCounter`: it must stay the same however long the script already is.
struct LongScriptWorkTests {
    /// `n` lines of one kind; `set` and `animate` act on layers made first.
    static func lines(_ kind: String, _ n: Int) -> [String] {
        switch kind {
        case "layer": return (0..<n).map { "layer l\($0) position=(\($0 % 200), 5)" }
        case "path": return (0..<n).map { "path p\($0) = oval(\($0 % 100), 10, 20, 20)" }
        case "shape": return (0..<n).map { "shape s\($0) path=circle(0, 0, \($0 % 50 + 1)) fillColor=#336699" }
        case "set":
            let layers = n / 2
            return (0..<layers).map { "layer l\($0)" }
                + (0..<(n - layers)).map { "set l\(($0 * 7919) % layers) opacity=0.\($0 % 10) position.x=\($0 % 300)" }
        default:
            return ["layer box"] + (1..<n).map { "animate box opacity from=0 to=1 duration=1 beginTime=\($0 % 100)" }
        }
    }

    /// Runs the lines one by one as piped input does; returns the most work any of the last
    /// 50 did, and how often the list the lines grow was moved to new storage.
    static func run(_ kind: String, count n: Int) -> (worst: Int, moves: Int, failures: Int) {
        var s = Session(settings: .init(announceNames: false))
        var worst = 0, moves = 0, failures = 0
        var last: UnsafeRawPointer?
        for (i, line) in lines(kind, n).enumerated() {
            let counter = WorkCounter()
            let outcome = WorkCounter.$current.withValue(counter) { s.handle(line) }
            if outcome.diagnostic != nil { failures += 1 }
            if i >= n - 50 { worst = max(worst, counter.steps) }
            let storage = kind == "animate"
                ? s.document.animations.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
                : kind == "path" ? s.document.paths.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
                : s.document.layers.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            if storage != last { moves += 1; last = storage }
        }
        return (worst, moves, failures)
    }

    @Test(arguments: ["layer", "shape", "set", "animate", "path"])
    func eachLineCostsTheSameHoweverLongTheScript(_ kind: String) {
        let short = LongScriptWorkTests.run(kind, count: 400)
        let long = LongScriptWorkTests.run(kind, count: 6_400)
        #expect(short.failures == 0 && long.failures == 0)
        // 16 times the document, the same work a line (quadratic: 16 times more).
        #expect(long.worst <= short.worst + 4, "\(kind): \(short.worst) steps a line at 400 lines, \(long.worst) at 6,400")
        // Edited in place: the growing list moves only when its storage grows (doubling), not
        // once a line (a copy of the whole list for every command).
        #expect(long.moves <= 2 * 13 + 4, "\(kind): the list moved \(long.moves) times in 6,400 lines")
    }

    /// `layerlab run` and `load` run a script as one undo step; its total work is linear.
    @Test func aWholeScriptIsLinearWork() throws {
        for kind in ["layer", "shape", "set", "animate", "path"] {
            let n = 5_000
            var s = Session()
            let counter = WorkCounter()
            let outcome = WorkCounter.$current.withValue(counter) {
                s.runScript(LongScriptWorkTests.lines(kind, n).joined(separator: "\n"), name: "long.lab")
            }
            #expect(outcome.diagnostic == nil)
            #expect(counter.steps <= 10 * n, "\(kind): \(counter.steps) steps for \(n) lines")
            #expect(s.history.entries.count == 2)
        }
    }

    /// A path is defined in place, and redefined where it stands: both undo, and a
    /// redefinition is checked as a definition is.
    @Test func pathsAreDefinedAndRedefinedInPlace() throws {
        var s = Session()
        #expect(s.handle("path p = oval(0, 0, 10, 10); path q = rect(0, 0, 1, 1)").diagnostic == nil)
        let defined = s.document
        #expect(s.handle("path p = rect(0, 0, 5, 5)").diagnostic == nil)
        var direct = Session()
        _ = direct.handle("path p = rect(0, 0, 5, 5); path q = rect(0, 0, 1, 1)")
        #expect(s.document == direct.document)
        #expect(s.document.kind(ofName: "p") == .path && s.document.kind(ofName: "q") == .path)
        #expect(s.handle("undo").diagnostic == nil)
        #expect(s.document == defined)
        #expect(s.handle("undo").diagnostic == nil)
        #expect(s.document.paths.map(\.name) == ["p"])

        var d = Document()
        try d.setPath("p", .rect(Rect(0, 0, 1, 1)))
        let before = d
        #expect(throws: EditError.self) { try d.setPath("p", .polygon([Point(0, 0), Point(.infinity, 1), Point(1, 0)])) }
        #expect(d == before)
    }

    /// An edit made in place that fails part-way leaves nothing behind.
    @Test func aFailedEditInPlaceChangesNothing() {
        var s = Session()
        _ = s.handle("layer a opacity=0.5; layer b in a; animate a opacity to=1")
        let before = s.document
        for line in ["set a opacity=0.25 position.x=1 nonsense=3", "set b opacity=0.1 opacity=7",
                     "layer c opacity=0.5 position=(1, 2) hidden=maybe", "layer d in a position=(1, 2) opacity=#fff",
                     "animate a opacity to=1 beginTime=nothere.end", "animate a opacity to=1 as x beginTime=x.end"] {
            #expect(s.handle(line).diagnostic != nil, "\(line)")
            #expect(s.document == before, "\(line)")
            #expect(s.history.entries.count == 4, "\(line)")
        }
        // And the lookups still agree with the document after the failures.
        #expect(s.handle("layer c in b").diagnostic == nil)
        #expect(s.document.indexPath(ofLayer: "c") == [0, 0, 0])
        #expect(s.document.kind(ofName: "a.opacity") == .animation)
        #expect(s.handle("undo 2").diagnostic == nil)
        #expect(s.document.layer(named: "c") == nil && s.document.layer(named: "b") != nil)
    }

    /// Unnamed animations get `LAYER.KEYPATH`, then `.2`, `.3`…: the first free number, also
    /// after one is deleted.
    @Test func unnamedAnimationsTakeTheFirstFreeNumber() {
        var s = Session(settings: .init(announceNames: false))
        _ = s.handle("layer box")
        for _ in 0..<5 { _ = s.handle("animate box opacity to=1") }
        #expect(s.document.animations.map(\.name) == ["box.opacity", "box.opacity.2", "box.opacity.3",
                                                      "box.opacity.4", "box.opacity.5"])
        _ = s.handle("delete box.opacity.3")
        _ = s.handle("animate box opacity to=1")
        _ = s.handle("animate box opacity to=1")
        #expect(s.document.animations.map(\.name).suffix(2) == ["box.opacity.3", "box.opacity.6"])
    }
}
