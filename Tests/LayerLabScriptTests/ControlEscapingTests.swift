import LayerLabCore
import Testing
@testable import LayerLabScript

/// One escaper for control characters: messages, string literals, JSON and Swift all use it,
/// and no error message lets a raw ESC, BEL or CSI (U+009B) through.
struct ControlEscapingTests {
    static let hostile = "a\u{1B}[31mb\u{7}c\u{9B}2Jd\u{7F}\u{2028}e"

    @Test func everyStyleEscapesTheSameCharacters() {
        #expect(escapeControls(Self.hostile) == "a\\u{1b}[31mb\\u{7}c\\u{9b}2Jd\\u{7f}\\u{2028}e")
        #expect(escapeControls(Self.hostile, as: .json, quoted: true)
            == "\"a\\u001b[31mb\\u0007c\\u009b2Jd\\u007f\\u2028e\"")
        #expect(escapeControls("\0\"\\\u{8}", as: .swift, quoted: true) == "\"\\0\\\"\\\\\\u{8}\"")
        #expect(escapeControls("\u{8}\u{C}", as: .json) == "\\b\\f")
        #expect(escapeControls("tab\there\nnew é ✓") == "tab\\there\\nnew é ✓")
    }

    @Test func escapingIsIdempotent() {
        let once = escapeForTerminal(Self.hostile)
        #expect(escapeForTerminal(once) == once)
        #expect(!once.unicodeScalars.contains { isEscapedControl($0) })
    }

    @Test(arguments: ["path p = svg(\"M 0 0 \u{1B}\")", "layer a name=\"\\\u{1B}\"", "layer a name=\"\\\u{9B}\"",
                      "layer \u{1B}x", "set \u{9B}x opacity=1", "shape s path=svg(\"M 0 0 L 1 1 \u{7}\")"])
    func diagnosticsNeverCarryRawControls(_ line: String) {
        var s = Session.test()
        let d = s.fails(line)
        #expect(!d.isEmpty)
        #expect(!d.unicodeScalars.contains { isEscapedControl($0) && $0 != "\n" }, "raw control in: \(d)")
    }

    @Test func stringLiteralsRoundTripThroughTheLexer() {
        var s = Session.test()
        s.ok("text t string=\(ValueFormatter.quoted(Self.hostile))")
        #expect(s.document.layers.first?.properties["string"]?.string == Self.hostile)
    }
}
