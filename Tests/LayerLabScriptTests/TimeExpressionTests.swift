import Testing
import LayerLabCore
@testable import LayerLabScript

@Suite struct TimeExpressionTests {
    @Test func symbolicBeginMovesWhenTheDurationItDependsOnChanges() throws {
        var s = Session.test()
        s.ok("layer a; animate a opacity from=1 to=0 duration=1 as fade")
        s.ok("animate a position.x from=0 to=100 beginTime=fade.end + 0.5 duration=1 fillMode=backwards as slide")
        #expect(Evaluator(document: s.document).interval(of: "slide")?.begin == 1.5)
        s.ok("set fade duration=2")
        #expect(Evaluator(document: s.document).interval(of: "slide")?.begin == 2.5)
        s.ok("undo")
        #expect(Evaluator(document: s.document).interval(of: "slide")?.begin == 1.5)
    }

    @Test func eventsFollowToo() {
        var s = Session.test()
        s.ok("layer a; animate a opacity to=0 duration=1 as fade; at after fade set a hidden=true as hide")
        s.ok("set fade duration=0.25")
        #expect(Evaluator(document: s.document).interval(of: "hide")?.begin == 0.25)
    }

    @Test func cycleIsRefusedAtTheCommandThatWouldCreateIt() {
        var s = Session.test()
        s.ok("layer a; animate a opacity to=0 as x; animate a opacity beginTime=x.end as y; animate a opacity beginTime=y.end as z")
        let before = s.document
        #expect(s.fails("set x beginTime=z.end + 1") == """
            <test>:1:17: time expressions would form a cycle: x → z → y → x
             1 | set x beginTime=z.end + 1
               |                 ^^^^^^^^^
            """)
        #expect(s.document == before)
    }

    @Test func seekTakesTimeExpressions() {
        var s = Session.test()
        s.ok("layer a; animate a opacity to=0 duration=2 as fade; seek fade.end - 0.5")
        #expect(s.time == 1.5)
    }
}
