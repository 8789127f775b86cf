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
                == "KEYPATH [from=V] [to=V] [by=V] [TIMING ...] [as NAME]")
        #expect(hints.hint(for: "animate box opacity to=1 ")
                == "[from=V] [by=V] [TIMING ...] [as NAME]")
        #expect(hints.hint(for: "export gif ")
                == "FILE [at=T] [size=WxH] [fps=N] [from=T] [to=T]")
        #expect(hints.hint(for: "export out.gif ")
                == "[at=T] [size=WxH] [fps=N] [from=T] [to=T]")
    }

    @Test func optionalGroupsSkippedByTheWordsTyped() {
        #expect(hints.hint(for: "layer dot ") == "[in PARENT] [prop=value ...]")
        #expect(hints.hint(for: "layer dot in box ") == "[prop=value ...]")
    }

    @Test func atAndSet() {
        #expect(hints.hint(for: "at 1 ") == "set LAYER prop=value ... [animated] [as NAME]")
        #expect(hints.hint(for: "at 1 set box ") == "prop=value ... [animated]")
    }

    @Test func unknownCommandHasNoHint() {
        #expect(hints.hint(for: "animte box ") == nil)
    }
}
