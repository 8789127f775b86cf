import Testing
import LayerLabCore
@testable import LayerLabScript

/// `valueFunction=…` in the command language: read, refused when wrong, written back.
@Suite struct ValueFunctionScriptTests {
    @Test func readsAndWritesBack() throws {
        let files = MemoryFiles()
        var s = Session.test(files: files)
        s.ok("""
            layer box position=(100, 100) bounds=rect(0, 0, 60, 60) backgroundColor=red
            animate box transform from=0 to=1turn valueFunction=rotateZ duration=2 as spin
            keyframes box sublayerTransform values=[[1, 1, 1], [2, 2, 1], [1, 1, 1]] valueFunction=scale duration=2 as pulse
            """)
        #expect(s.document.animations.map(\.valueFunction) == [.rotateZ, .scale])
        #expect(s.ok("inspect box.transform at=1") == "box.transform = rotate(3.141593)")
        #expect(s.ok("inspect box.sublayerTransform at=0.5") == "box.sublayerTransform = scale(1.5)")
        s.ok("save v.lab")
        let text = String(decoding: try #require(files.files["v.lab"]), as: UTF8.self)
        #expect(text.contains("valueFunction=rotateZ duration=2 as spin"), "\(text)")
        #expect(text.contains("values=[[1, 1, 1], [2, 2, 1], [1, 1, 1]] valueFunction=scale"), "\(text)")
        var t = Session.test(files: files)
        t.ok("load v.lab")
        #expect(t.document.animations == s.document.animations)
    }

    @Test func badInputIsRefused() {
        var s = Session.test()
        s.ok("layer box bounds=rect(0, 0, 10, 10)")
        let before = s.document
        #expect(s.fails("animate box transform from=0 to=[1, 2] valueFunction=rotateZ").contains("expected a number"))
        #expect(s.fails("animate box transform from=0 to=1 valueFunction=translate").contains("three numbers"))
        #expect(s.fails("animate box opacity from=0 to=1 valueFunction=rotateZ").contains("valueFunction makes a transform"))
        #expect(s.fails("animate box transform from=0 to=1 valueFunction=spin").contains("value function"))
        #expect(s.fails("spring box transform from=0 to=1 valueFunction=rotateZ").contains("valueFunction"))
        #expect(s.document == before)
        #expect(s.ok("help animate").contains("valueFunction"))
        #expect(s.ok("help keyframes").contains("valueFunction"))
    }
}
