import LayerLabCore
@testable import LayerLabScript
import Testing

struct TimelineChartTests {
    func chart(_ script: String, now: Double = 0, width: Int = 20) -> [String] {
        var s = Session()
        let o = s.runScript(script, name: "t")
        #expect(o.diagnostic == nil)
        return TimelineChart.render(s.document, now: now, width: width).split(separator: "\n").map(String.init)
    }

    @Test func barsRepetitionsReversesAndFills() {
        let rows = chart("""
            shape s
            animate s opacity to=0 duration=1 beginTime=1 fillMode=both removedOnCompletion=false as fade
            animate s lineWidth to=2 duration=0.5 autoreverses=true repeatCount=2 as pulse
            canvas duration=4
            """)
        // 20 columns over 4 s: 0.2 s a column.
        #expect(rows[1] == "fade  |·····=====··········| 1 – 2")
        #expect(rows[2] == "pulse |==~~~|=~~~          | 0 – 2 (2×)")
    }

    @Test func eventsAndTheCurrentTime() {
        let rows = chart("shape s\nat 2 set s hidden=true as hide\ncanvas duration=4", now: 1)
        #expect(rows[0].contains("now 1"))
        #expect(rows[1] == "hide |     :    ^         | at 2")
    }

    @Test func foreverRunsOffTheEnd() {
        let rows = chart("shape s\nanimate s opacity to=0 duration=1 repeatCount=inf as spin\ncanvas duration=2")
        #expect(rows[1].hasSuffix(">| 0 – inf (forever)"))
    }
}
