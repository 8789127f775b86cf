import LayerLabCore
@testable import LayerLabScript
import Testing

/// `keyframes … path= rotationMode=` and `contentsRect` in the command language: built,
/// inspected, explained, refused with a position, saved and read back.
struct MotionScriptTests {
    static let scene = """
        canvas size=200x200 duration=2
        path route = svg("M 0 0 L 30 0 L 30 10")
        shape plane path=polygon((-5, -3), (5, 0), (-5, 3))
        keyframes plane position path=route rotationMode=auto duration=2 as fly
        image sprite contentsRect=rect(0, 0, 0.5, 1)
        keyframes sprite contentsRect values=[rect(0, 0, 0.5, 1), rect(0.5, 0, 0.5, 1)] calculationMode=discrete duration=1 as flip
        """

    @Test func pathAnimationsMoveAndTurnTheLayer() {
        var s = Session.test()
        s.ok(Self.scene)
        #expect(s.ok("inspect plane.position at=0.5") == "plane.position = (15, 0)")
        #expect(s.ok("inspect plane.position at=1.5") == "plane.position = (30, 5)")
        #expect(s.ok("inspect plane.transform.rotation.z at=1.5") == "plane.transform.rotation.z = 1.570796")
        #expect(s.ok("explain plane.transform.rotation.z at=1.5").contains("fly"))
        #expect(s.ok("tree").contains("fly: keyframes position path=route rotationMode=auto duration=2"))
        #expect(s.ok("inspect sprite.contentsRect at=0.6") == "sprite.contentsRect = rect(0.5, 0, 0.5, 1)")
    }

    /// Two path animations on one position: the later wins the position, and only it turns
    /// the layer (the turns are not summed); a later plain position animation takes the turn away.
    @Test func onlyTheWinningPathTurnsTheLayer() {
        var s = Session.test()
        s.ok("layer arrow transform.rotation.z=0.5")
        s.ok("keyframes arrow position path=circle(100, 75, 50) rotationMode=auto duration=3 repeatCount=inf")
        let one = s.ok("inspect arrow.transform.rotation.z at=0.4")
        s.ok("keyframes arrow position path=circle(100, 75, 50) rotationMode=auto duration=3 repeatCount=inf calculationMode=paced")
        #expect(s.ok("inspect arrow.transform.rotation.z at=0.4") == one)
        #expect(one == "arrow.transform.rotation.z = 2.908241", "the layer's own 0.5 plus the path's direction")
        s.ok("animate arrow position to=(5, 5) duration=10")
        #expect(s.ok("inspect arrow.transform.rotation.z at=0.4") == "arrow.transform.rotation.z = 0.5")
        #expect(s.ok("explain arrow.transform.rotation.z at=0.4").contains("arrow.position.3  animate"))
    }

    @Test func mistakesAreRefusedWithAPosition() {
        var s = Session.test()
        s.ok(Self.scene)
        #expect(s.fails("keyframes plane opacity path=route").contains("a motion path drives a point"))
        #expect(s.fails("keyframes plane position values=[(0, 0)] rotationMode=auto").contains("rotationMode needs a path"))
        #expect(s.fails("keyframes plane position path=route keyTimes=[0, 1]").contains("the path has 3 vertices"))
        #expect(s.fails("keyframes plane position path=svg(\"\")").contains("the motion path has no points"))
        #expect(s.fails("keyframes plane position rotationMode=sideways path=route").contains("rotation mode"))
        #expect(s.fails("keyframes plane position").contains("path="))
        #expect(s.fails("set sprite contentsRect=rect(0, 0, -1, 1)").contains("contentsRect width must be 0 or more"))
        // A named path a motion follows cannot be deleted from under it.
        #expect(s.fails("delete route").contains("fly"))
    }

    @Test func changingTheAnimationKeepsItsRules() {
        var s = Session.test()
        s.ok(Self.scene)
        s.ok("set fly rotationMode=autoReverse calculationMode=paced")
        #expect(s.ok("inspect plane.transform.rotation.z at=0.5") == "plane.transform.rotation.z = 3.141593")
        #expect(s.ok("inspect plane.position at=1") == "plane.position = (20, 0)")
    }

    @Test func savedScriptsReadBackTheSame() throws {
        let files = MemoryFiles()
        var s = Session.test(files: files)
        s.ok(Self.scene)
        s.ok("save scene.lab")
        let text = String(decoding: try #require(files.files["scene.lab"]), as: UTF8.self)
        #expect(text.contains("path=route rotationMode=auto") && !text.contains("fly values"))
        var back = Session.test(files: files)
        #expect(back.run(text, name: "scene.lab").diagnostic == nil)
        #expect(back.document == s.document)
    }
}
