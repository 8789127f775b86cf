import Testing
import LayerLabCore

@Suite struct SVGPathTests {
    @Test(arguments: [
        ("M 0 0 L 10 10 Z", "M 0 0 L 10 10 Z"),
        ("m1 2 l3 4", "M 1 2 L 4 6"),
        ("M0,0 10,0 10,10", "M 0 0 L 10 0 L 10 10"),
        ("M0 0 H10 V10 h-5 v-5", "M 0 0 L 10 0 L 10 10 L 5 10 L 5 5"),
        ("M0 0 C1 2 3 4 5 6 S9 10 11 12", "M 0 0 C 1 2 3 4 5 6 C 7 8 9 10 11 12"),
        ("M0 0 Q5 5 10 0 T20 0", "M 0 0 Q 5 5 10 0 Q 15 -5 20 0"),
        ("M0 0 q5 5 10 0 t10 0", "M 0 0 Q 5 5 10 0 Q 15 -5 20 0"),
        ("M0-1.5.5 1", "M 0 -1.5 L 0.5 1"),
        ("M 0 0 L 1e1 0 z m 1 1", "M 0 0 L 10 0 Z M 1 1"),
        ("", ""),
    ])
    func parsesAndPrintsAbsolute(_ data: String, _ expected: String) throws {
        #expect(try Path(svg: data).svgData == expected)
    }

    @Test func arcsBecomeQuarterCubicsEndingExactly() throws {
        let p = try Path(svg: "M 10 0 A 10 10 0 0 1 -10 0")
        #expect(p.elements.count == 3) // move + two quarter arcs
        guard case .cubic(_, _, let end) = p.elements.last else { Issue.record("no cubic"); return }
        #expect(end == Point(-10, 0))
        // A half circle clockwise on screen (sweep 1) from (10,0) passes through (0, 10).
        guard case .cubic(_, _, let mid) = p.elements[1] else { Issue.record("no cubic"); return }
        #expect(abs(mid.x) < 1e-9 && abs(mid.y - 10) < 1e-9)
    }

    @Test func compactArcFlags() throws {
        let p = try Path(svg: "M0 0a5 5 0 105 5")
        #expect(p.elements.count >= 2)
    }

    @Test(arguments: [
        ("L 0 0", 0, "path data must start with M or m"),
        ("M 0 0 X 1", 6, "unknown path command 'X'"),
        ("M 0 0 L 1", 9, "expected a number"),
        ("M 0 0 A 1 1 0 2 0 3 3", 14, "expected an arc flag (0 or 1)"),
        ("M 0 1e999", 4, "number too large"),
    ])
    func errorsCarryOffsets(_ data: String, _ offset: Int, _ message: String) {
        #expect(throws: SVGPathError(offset: offset, length: data == "M 0 1e999" ? 5 : 1, message: message)) {
            try Path(svg: data)
        }
    }

    @Test func cssColoursFillInWhatUIKitLacks() {
        #expect(Color.named("crimson") == Color(bytes: 220, 20, 60))
        #expect(Color.named("rebeccapurple") == Color(bytes: 102, 51, 153))
        #expect(Color.named("green") == Color(0, 1, 0)) // UIKit wins
        #expect(Color.named("nosuchcolour") == nil)
        #expect(Color.allNames.count > 140)
    }
}
