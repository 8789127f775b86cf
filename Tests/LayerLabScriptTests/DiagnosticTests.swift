import Testing
@testable import LayerLabScript

/// Bad input gives exact, rustc-shaped diagnostics and changes nothing.
@Suite struct DiagnosticTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        var input: String
        var expected: String
        var testDescription: String { id }
    }

    static let setup = "shape ring path=circle(0, 0, 20); layer box; animate ring strokeEnd to=1 as grow"

    static let cases: [Case] = [
        Case(id: "unknown command", input: "animte ring opacity", expected: """
            <test>:1:1: unknown command 'animte'; did you mean 'animate'?
             1 | animte ring opacity
               | ^^^^^^
            """),
        Case(id: "unknown key path", input: "set ring strokeEnds=0.5", expected: """
            <test>:1:10: unknown key path 'strokeEnds'; did you mean 'strokeEnd'?
             1 | set ring strokeEnds=0.5
               |          ^^^^^^^^^^
            """),
        Case(id: "key path of another kind", input: "set box path=circle(1, 1, 1)", expected: """
            <test>:1:9: 'path' belongs to shape/cell layers, and 'box' is a plain layer
             1 | set box path=circle(1, 1, 1)
               |         ^^^^
            """),
        Case(id: "unknown attribute", input: "animate ring opacity to=1 duratoin=2", expected: """
            <test>:1:27: unknown attribute 'duratoin' for animate; did you mean 'duration'?
             1 | animate ring opacity to=1 duratoin=2
               |                           ^^^^^^^^
            """),
        Case(id: "unknown layer", input: "set rign opacity=1", expected: """
            <test>:1:5: unknown layer or animation 'rign'; did you mean 'ring'?
             1 | set rign opacity=1
               |     ^^^^
            """),
        Case(id: "unknown animation in a time", input: "animate ring opacity to=0 beginTime=grwo.end", expected: """
            <test>:1:37: unknown animation or event 'grwo'; did you mean 'grow'?
             1 | animate ring opacity to=0 beginTime=grwo.end
               |                                     ^^^^^^^^
            """),
        Case(id: "unknown colour", input: "set ring fillColor=redd", expected: """
            <test>:1:20: unknown colour 'redd'; did you mean 'red'?
             1 | set ring fillColor=redd
               |                    ^^^^
            """),
        Case(id: "colour name case", input: "set ring fillColor=darkgrey2", expected: """
            <test>:1:20: unknown colour 'darkgrey2'; did you mean 'darkgrey'?
             1 | set ring fillColor=darkgrey2
               |                    ^^^^^^^^^
            """),
        Case(id: "unknown fill mode", input: "animate ring opacity to=1 fillMode=forward", expected: """
            <test>:1:36: unknown fill mode 'forward'; did you mean 'forwards'?
             1 | animate ring opacity to=1 fillMode=forward
               |                                    ^^^^^^^
            """),
        Case(id: "unknown timing function", input: "animate ring opacity timingFunction=easeInOut2", expected: """
            <test>:1:37: unknown timing function 'easeInOut2'; did you mean 'easeInOut'?
             1 | animate ring opacity timingFunction=easeInOut2
               |                                     ^^^^^^^^^^
            """),
        Case(id: "wrong value type", input: "set ring opacity=red", expected: """
            <test>:1:18: expected a number, found 'red'
             1 | set ring opacity=red
               |                  ^^^
            """),
        Case(id: "wrong unit", input: "set ring opacity=300ms", expected: """
            <test>:1:18: expected a number without a unit, found a time
             1 | set ring opacity=300ms
               |                  ^^^^^
            """),
        Case(id: "unknown unit", input: "set ring lineWidth=2px", expected: """
            <test>:1:20: '2px' is neither a number with a unit (ms, s, deg, rad, turn) nor a name (names start with a letter)
             1 | set ring lineWidth=2px
               |                    ^^^
            """),
        Case(id: "unclosed bracket", input: "set ring lineDashPattern=[1, 2", expected: """
            <test>:1:26: unclosed '['
             1 | set ring lineDashPattern=[1, 2
               |                          ^
            """),
        Case(id: "unmatched bracket", input: "set ring position=(1, 2))", expected: """
            <test>:1:25: unmatched ')'
             1 | set ring position=(1, 2))
               |                         ^
            """),
        Case(id: "huge number", input: "set ring opacity=1e999", expected: """
            <test>:1:18: number too large
             1 | set ring opacity=1e999
               |                  ^^^^^
            """),
        Case(id: "overflowing arithmetic", input: "set ring opacity=1e300*1e300", expected: """
            <test>:1:18: number too large
             1 | set ring opacity=1e300*1e300
               |                  ^^^^^^^^^^^
            """),
        Case(id: "infinity not allowed", input: "set ring opacity=inf", expected: """
            <test>:1:18: inf is not allowed here
             1 | set ring opacity=inf
               |                  ^^^
            """),
        Case(id: "not a number", input: "animate ring opacity repeatCount=inf-inf", expected: """
            <test>:1:34: the arithmetic has no numeric result
             1 | animate ring opacity repeatCount=inf-inf
               |                                  ^^^^^^^
            """),
        Case(id: "empty name", input: "layer \"\"", expected: """
            <test>:1:7: a name cannot be empty
             1 | layer ""
               |       ^^
            """),
        Case(id: "duplicate layer name", input: "shape box", expected: """
            <test>:1:7: the name 'box' is already used by a layer
             1 | shape box
               |       ^^^
            """),
        Case(id: "duplicate animation name", input: "animate box opacity to=0 as grow", expected: """
            <test>:1:29: the name 'grow' is already used by an animation
             1 | animate box opacity to=0 as grow
               |                             ^^^^
            """),
        Case(id: "invalid name", input: "layer 2box", expected: """
            <test>:1:7: '2box' is neither a number with a unit (ms, s, deg, rad, turn) nor a name (names start with a letter)
             1 | layer 2box
               |       ^^^^
            """),
        Case(id: "not animatable", input: "animate ring lineCap to=round", expected: """
            <test>:1:14: 'lineCap' is not animatable (set it, or schedule it with `at`)
             1 | animate ring lineCap to=round
               |              ^^^^^^^
            """),
        Case(id: "self cycle", input: "animate ring opacity to=1 beginTime=x.end as x", expected: """
            <test>:1:37: time expressions would form a cycle: x → x
             1 | animate ring opacity to=1 beginTime=x.end as x
               |                                     ^^^^^
            """),
        Case(id: "cycle through another", input: "animate ring opacity beginTime=grow.end as b; set grow beginTime=b.begin", expected: """
            <test>:1:66: time expressions would form a cycle: grow → b → grow
             1 | animate ring opacity beginTime=grow.end as b; set grow beginTime=b.begin
               |                                                                  ^^^^^^^
            """),
        Case(id: "move into itself", input: "layer inner in box; move box in inner", expected: """
            <test>:1:33: cannot move 'box' into its own sublayer 'inner'
             1 | layer inner in box; move box in inner
               |                                 ^^^^^
            """),
        Case(id: "keyframe shape", input: "keyframes ring opacity values=[0, 1] keyTimes=[0, 0.5, 1]", expected: """
            <test>:1:47: keyTimes has 3 entries but values has 2
             1 | keyframes ring opacity values=[0, 1] keyTimes=[0, 0.5, 1]
               |                                               ^^^^^^^^^^^
            """),
        Case(id: "missing values", input: "keyframes ring opacity", expected: """
            <test>:1:16: keyframes needs values=[...]
             1 | keyframes ring opacity
               |                ^^^^^^^
            """),
        Case(id: "bad svg", input: "set ring path=svg(\"M 0 0 X\")", expected: """
            <test>:1:26: bad SVG path data: unknown path command 'X'
             1 | set ring path=svg("M 0 0 X")
               |                          ^
            """),
        Case(id: "spring forms mixed", input: "spring ring opacity to=1 mass=2 dampingRatio=0.5", expected: """
            <test>:1:33: use either mass/stiffness/damping/initialVelocity or dampingRatio/initialSpringVelocity, not both
             1 | spring ring opacity to=1 mass=2 dampingRatio=0.5
               |                                 ^^^^^^^^^^^^
            """),
        Case(id: "deleting a time source", input: "animate ring opacity beginTime=grow.end; delete grow", expected: """
            <test>:1:49: 'grow' is still used by the beginTime of 'ring.opacity'
             1 | animate ring opacity beginTime=grow.end; delete grow
               |                                                 ^^^^
            """),
        Case(id: "unknown help topic", input: "help animat", expected: """
            <test>:1:6: unknown command or help topic 'animat'; did you mean 'animate'?
             1 | help animat
               |      ^^^^^^
            """),
        Case(id: "missing set", input: "at 1 hidden=true", expected: """
            <test>:1:6: expected 'set' after the time, found 'hidden'
             1 | at 1 hidden=true
               |      ^^^^^^
            """),
        Case(id: "control characters escaped", input: "layer \"a\\u{1b}[31m\"", expected: """
            <test>:1:7: 'a\\u{1b}[31m' is not a valid name (use letters, digits and _, not starting with a digit)
             1 | layer "a\\u{1b}[31m"
               |       ^^^^^^^^^^^^^
            """),
    ]

    @Test(arguments: cases)
    func rendered(_ c: Case) {
        var s = Session.test()
        s.ok(DiagnosticTests.setup)
        let before = s.history
        #expect(s.fails(c.input) == c.expected)
        // A failed line keeps whatever came before it on the line, but the failed command adds no step.
        if !c.input.contains(";") { #expect(s.history == before) }
    }

    @Test func scriptErrorsNameTheFileAndLine() {
        let files = MemoryFiles(["bad.lab": "layer a\n\nset a opacity=nope\n"])
        var s = Session.test(files: files)
        #expect(s.fails("load bad.lab") == """
            bad.lab:3:15: expected a number, found 'nope'
             3 | set a opacity=nope
               |               ^^^^
            """)
        #expect(s.document.layers.isEmpty)
        #expect(s.history.entries.count == 1)
    }

    /// A binary or a one-line file of megabytes loaded by mistake: the error shows a window
    /// of the line around the fault, never the whole line (10 MB of NUL bytes printed 60 MB
    /// of `\u{0}` to the terminal).
    @Test func longLinesShowOnlyAWindowAroundTheError() {
        let fine = "set a opacity=1; "
        let long = String(repeating: fine, count: 1_000) + "set a opacity=nope; " + String(repeating: fine, count: 1_000)
        var s = Session.test()
        s.ok("layer a")
        let text = s.fails(long)
        let column = 1_000 * fine.count + 15
        let shown = Diagnostic.shownCharacters
        #expect(text.hasPrefix("<test>:1:\(column): expected a number, found 'nope'\n"))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix(" 1 | …") && lines[1].hasSuffix("…"))
        #expect(lines[1].count == " 1 | ".count + shown + 2, "\(lines[1])")
        // The caret is under the word at fault.
        let caret = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) } ?? -1
        let under = lines[1].dropFirst(caret).prefix(4)
        #expect(under == "nope", "\(lines[1])\n\(lines[2])")
        #expect(lines[2].hasSuffix("^^^^"))
        // Near the start and the end of a long line, the window keeps that end.
        let atStart = s.fails("set a opacity=nope; " + String(repeating: fine, count: 100)).split(separator: "\n")
        #expect(atStart[1].hasPrefix(" 1 | set a opacity=nope;") && atStart[1].hasSuffix("…"))
        #expect(atStart[2] == "   |               ^^^^")
        let atEnd = s.fails(String(repeating: fine, count: 100) + "set a opacity=nope").split(separator: "\n")
        #expect(atEnd[1].hasPrefix(" 1 | …") && atEnd[1].hasSuffix("set a opacity=nope"))
    }
}
