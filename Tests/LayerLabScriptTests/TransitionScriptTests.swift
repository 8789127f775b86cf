import Testing
import LayerLabCore
@testable import LayerLabScript

/// `at T set LAYER … transition=TYPE …`: read, refused when wrong, explained, written back.
@Suite struct TransitionScriptTests {
    static let scene = """
    layer card position=(100, 60) bounds=rect(0, 0, 120, 80) backgroundColor=red
    at 1.2 set card backgroundColor=blue transition=push subtype=fromRight duration=0.4 timingFunction=easeOut startProgress=0.1 endProgress=0.9 as flip
    """

    @Test func readsEveryAttribute() throws {
        var s = Session.test()
        s.ok(Self.scene)
        let e = try #require(s.document.events.first)
        #expect(e.assignments.map(\.keyPath) == ["backgroundColor"])
        #expect(e.transition == Transition(type: .push, subtype: .fromRight, duration: 0.4, timingFunction: .easeOut,
                                           startProgress: 0.1, endProgress: 0.9))
    }

    @Test func explainNamesTheTransition() {
        var s = Session.test()
        s.ok(Self.scene)
        let text = s.ok("explain card.backgroundColor at=1.4")
        #expect(text.contains("transition:         push fromRight from event flip at 1.2"), "\(text)")
        #expect(!s.ok("explain card.backgroundColor at=1.7").contains("transition:"))
    }

    @Test func savedScriptReadsBackTheSame() throws {
        let files = MemoryFiles()
        var s = Session.test(files: files)
        s.ok(Self.scene)
        s.ok("save t.lab")
        let text = String(decoding: try #require(files.files["t.lab"]), as: UTF8.self)
        #expect(text.contains("transition=push subtype=fromRight duration=0.4 timingFunction=easeOut startProgress=0.1 endProgress=0.9 as flip"), "\(text)")
        var t = Session.test(files: files)
        t.ok("load t.lab")
        #expect(t.document.events == s.document.events)
    }

    @Test func badInputIsRefusedAndChangesNothing() {
        var s = Session.test()
        s.ok("layer card bounds=rect(0, 0, 10, 10)")
        let before = s.document
        #expect(s.fails("at 1 set card opacity=0.5 transition=slide").contains("transition type"))
        #expect(s.fails("at 1 set card opacity=0.5 transition=push subtype=fromNowhere").contains("subtype"))
        #expect(s.fails("at 1 set card opacity=0.5 transition=fade subtype=fromLeft").contains("a fade has no direction"))
        #expect(s.fails("at 1 set card opacity=0.5 transition=push startProgress=0.8 endProgress=0.2").contains("startProgress"))
        #expect(s.fails("at 1 set card opacity=0.5 transition=push endProgress=2").contains("endProgress"))
        #expect(s.fails("at 1 set card opacity=0.5 transition=push duration=-1").contains("duration"))
        #expect(s.fails("at 1 set card opacity=0.5 subtype=fromLeft").contains("belongs to a transition"))
        #expect(s.fails("at 1 set card transition=fade").contains("prop=value"))
        #expect(s.document == before)
    }

    @Test func helpDocumentsIt() {
        var s = Session.test()
        let text = s.ok("help at")
        for word in ["transition", "subtype", "startProgress", "endProgress", "fade|moveIn|push|reveal"] {
            #expect(text.contains(word), "help at lacks \(word)")
        }
    }
}
