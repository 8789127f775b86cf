import Testing
@testable import LayerLabTerminal

/// Argument hints: the rest of the synopsis, as redis-cli shows it.
struct REPLHintTests {
    let hints = ArgumentHint(REPLCompletionTests.context)

    @Test func wholeCommandShowsItsSynopsis() {
        #expect(hints.hint(for: "seek") == " T")
        #expect(hints.hint(for: "move") == " LAYER [in PARENT] [index=N]")
        #expect(hints.hint(for: "mov") == nil)
        #expect(hints.hint(for: "") == nil)
        #expect(hints.hint(for: "timeline") == nil)
    }

    @Test func typedWordsAreDropped() {
        #expect(hints.hint(for: "move box") == " [in PARENT] [index=N]")
        #expect(hints.hint(for: "move box ") == "[in PARENT] [index=N]")
        #expect(hints.hint(for: "move box in ring ") == "[index=N]")
        #expect(hints.hint(for: "animate box ")
                == "KEYPATH [from=V] [to=V] [by=V] [valueFunction=rotateX|rotateY|rotateZ|scale|scaleX|scaleY|scaleZ|translate|translateX|translateY|translateZ] [TIMING ...] [as NAME]")
        #expect(hints.hint(for: "animate box opacity to=1 ")
                == "[from=V] [by=V] [valueFunction=rotateX|rotateY|rotateZ|scale|scaleX|scaleY|scaleZ|translate|translateX|translateY|translateZ] [TIMING ...] [as NAME]")
        #expect(hints.hint(for: "export gif ")?.hasPrefix("FILE [at=T] [size=WxH] [fps=N] [from=T] [to=T]") == true)
        #expect(hints.hint(for: "export out.gif ")?.hasPrefix("[at=T] [size=WxH] [fps=N] [from=T] [to=T]") == true)
        #expect(hints.hint(for: "export out.gif fps=10 ")?.contains("fps=") == false)
    }

    @Test func optionalGroupsSkippedByTheWordsTyped() {
        #expect(hints.hint(for: "layer dot ") == "[in PARENT] [prop=value ...]")
        #expect(hints.hint(for: "layer dot in box ") == "[prop=value ...]")
    }

    @Test func atAndSet() {
        #expect(hints.hint(for: "at 1 ") == "set LAYER prop=value ... [transition=fade|moveIn|push|reveal] [subtype=fromLeft|fromRight|fromTop|fromBottom] [duration=T] [timingFunction=FUNC] [startProgress=P] [endProgress=P] [animated] [as NAME]")
        #expect(hints.hint(for: "at 1 set box ") == "prop=value ... [animated]")
    }

    @Test func unknownCommandHasNoHint() {
        #expect(hints.hint(for: "animte box ") == nil)
    }

    @Test func insideAValueFunctionItsSignature() {
        #expect(hints.hint(for: "shape dot path=rect(") == " rect(x, y, w, h)")
        #expect(hints.hint(for: "shape dot path=rect(10, 20, ") == "rect(x, y, w, h)")
        #expect(hints.hint(for: "set ring path=roundedRect(0") == " roundedRect(x, y, w, h, r)")
        #expect(hints.hint(for: "shape p path=polygon((0, 0), (") == " polygon((x, y), (x, y), …)")
        #expect(hints.hint(for: "set box backgroundColor=rgba(") == " rgba(r, g, b, a)")
        #expect(hints.hint(for: "animate box opacity timingFunction=cubic(0.2, ") == "cubic(x1, y1, x2, y2)")
        #expect(hints.hint(for: "path p = arc(") == " arc(cx, cy, r, start, end, clockwise)")
        // Closed again: back to the command's own hint.
        #expect(hints.hint(for: "move box index=(1) ") == "[in PARENT]")
        #expect(hints.hint(for: "shape dot path=rect(0, 0, 1, 1) ")?.contains("rect(") != true)
        #expect(hints.hint(for: "text t string=\"rect(\"")?.contains("rect(x") != true, "quoted text is not a call")
    }
}
