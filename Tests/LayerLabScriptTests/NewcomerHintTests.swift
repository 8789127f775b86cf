import LayerLabCore
import Testing
@testable import LayerLabScript

/// What a Core Animation user types first and how LayerLab answers: a point without
/// parentheses, `forever`, `#rgba`, forwards fill without removedOnCompletion=false, and how
/// `explain` counts an autoreversing iteration.
struct NewcomerHintTests {
    @Test func aPointWithoutParenthesesIsShownWithThem() {
        var s = Session.test()
        let e = s.fails("layer a position=160,100")
        #expect(e.contains("a point is written in parentheses: position=(160, 100)"))
        #expect(e.contains("^^^^^^^"), "the caret covers 160,100")
        #expect(s.fails("layer a opacity=1 , 2").contains("expected key=value, found ','"), "other commas stay as they were")
    }

    /// A word from a short closed list that is nothing like any of them gets the list; a
    /// near miss keeps its did-you-mean; either way nothing changes.
    @Test func aClosedChoiceNamesItsWords() {
        var s = Session.test()
        s.ok("shape a path=circle(0, 0, 10)")
        #expect(s.fails("show color=off").contains("unknown color setting 'off'; choose auto, always or never"))
        #expect(s.fails("set a lineCap=flat").contains("choose butt, round or square"))
        let near = s.fails("set a lineCap=rond")
        #expect(near.contains("did you mean 'round'?") && !near.contains("choose"))
        #expect(s.ok("inspect a.lineCap").contains("butt"))
    }

    @Test func foreverIsInf() {
        var s = Session.test()
        s.ok("layer a")
        #expect(s.fails("animate a opacity to=0 repeatCount=forever").contains("forever is written inf (repeatCount=inf)"))
        s.ok("animate a opacity to=0 repeatCount=inf")
    }

    @Test func fourDigitHexIsRGBA() {
        var s = Session.test()
        s.ok("layer a backgroundColor=#f008")
        #expect(s.ok("inspect a.backgroundColor at=0").contains("#ff000088"), "#rgba as CSS reads it")
        #expect(s.ok("help values").contains("#rgba"))
    }

    @Test func forwardsFillWithoutRemovedOnCompletionGetsANoteAndIsModelledAsCoreAnimationDoes() {
        var s = Session(settings: .init(sourceName: "<input>", announceNames: true))
        _ = s.handle("layer a opacity=1")
        let out = s.handle("animate a opacity to=0 duration=1 fillMode=forwards as fade").responses
        let text = out.compactMap { if case .text(let t) = $0 { return t }; return nil }.joined()
        #expect(text.contains("holds the end value only with removedOnCompletion=false"))
        #expect(text.contains("'fade' is removed when it ends"))
        let ev = Evaluator(document: s.document)
        #expect(ev.presentationValue(layer: "a", keyPath: "opacity", at: 2) == .number(1), "removed: the model value shows, as the note says")
        let kept = s.handle("animate a opacity to=0 duration=1 fillMode=forwards removedOnCompletion=false as hold").responses
        #expect(!kept.contains { if case .text(let t) = $0 { return t.contains("note:") }; return false })
        #expect(Evaluator(document: s.document).presentationValue(layer: "a", keyPath: "opacity", at: 2) == .number(0))
        var quiet = Session.test()
        quiet.ok("layer a")
        #expect(quiet.ok("animate a opacity to=0 fillMode=forwards").isEmpty, "scripts and pipes stay quiet")
    }

    @Test func explainCountsTheWayBackAsPartOfTheIteration() {
        var s = Session.test()
        s.ok("layer a; animate a opacity from=1 to=0 duration=1 autoreverses=true repeatCount=2 as pulse")
        #expect(s.ok("explain a.opacity at=0.5").contains("iteration 1 of 2"))
        let back = s.ok("explain a.opacity at=1.5")
        #expect(back.contains("iteration 1 of 2, on the way back"), "\(back)")
        #expect(s.ok("explain a.opacity at=2.5").contains("iteration 2 of 2"))
        #expect(!s.ok("explain a.opacity at=2.5").contains("on the way back"))
        s.ok("animate a position.x from=0 to=10 duration=1 autoreverses=true as once")
        #expect(s.ok("explain a.position.x at=1.5").contains("active, on the way back"), "one iteration: no count")
    }
}

/// `timeline` at a narrow terminal: every line fits.
struct TimelineWidthTests {
    @Test func theChartFitsTheTerminal() {
        var s = Session.test()
        s.ok("shape dot path=circle(0, 0, 30); animate dot transform.scale from=0.2 to=1 duration=0.6 as grow")
        s.ok("animate dot opacity from=1 to=0.3 beginTime=after grow duration=0.4 autoreverses=true repeatCount=inf")
        for columns in [60, 80, 120] {
            s.settings.columns = columns
            let chart = s.ok("timeline")
            for line in chart.split(separator: "\n") { #expect(line.count <= columns, "\(columns): \(line)") }
            #expect(chart.contains("dot.opacity") && chart.contains("inf (forever)"))
        }
        s.settings.columns = nil
        #expect(s.ok("timeline").contains(TimelineChart.legend), "without a terminal: the full chart and legend")
    }
}
