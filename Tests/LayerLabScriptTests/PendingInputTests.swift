import LayerLabScript
import Testing

/// Multi-line commands at the interactive prompt: what the continuation prompt names, how an
/// empty line ends one, and the one-line form the history keeps.
struct PendingInputTests {
    @Test func openInputNamesTheBracketAndTheGroup() {
        var s = Session()
        #expect(s.openInput == nil)
        _ = s.handle("layer box")
        #expect(s.handle("group wobble on box duration=1 {") .isMore)
        #expect(s.openInput == "{ group wobble")
        #expect(s.handle("animate opacity values=[1, 0,") .isMore)
        #expect(s.openInput == "[")
        s.cancelInput()
        #expect(s.handle("shape dot path=circle(0, 0,") .isMore)
        #expect(s.openInput == "(")
        s.cancelInput()
        #expect(s.handle("layer a \\") .isMore)
        #expect(s.openInput == "\\")
    }

    @Test func anEmptyLineEndsAnOpenCommandWithAClearError() throws {
        var s = Session(settings: .init(sourceName: "<input>"))
        _ = s.handle("layer box")
        _ = s.handle("group wobble on box {")
        _ = s.handle("animate opacity to=0")
        let d = try #require(s.endInput()?.diagnostic)
        #expect(d.message.contains("'{' is never closed"))
        #expect(d.file == "<input>" && d.line == 2 && d.column == 21)
        #expect(!s.isContinuing)
        #expect(s.document.animations.isEmpty, "nothing ran")
        // A backslash continuation ends and runs.
        _ = s.handle("layer b \\")
        #expect(s.endInput()?.diagnostic == nil)
        #expect(s.document.layer(named: "b") != nil)
        #expect(s.endInput() == nil ? true : false)
    }

    /// A line that starts with a command word while `(` or `[` is open ends the open command
    /// (an error at its bracket) and runs as the command it is; an indented line or a value
    /// still continues the bracket.
    @Test func aCommandWordEndsAnOpenBracket() throws {
        var s = Session(settings: .init(sourceName: "<input>"))
        _ = s.handle("layer icon")
        #expect(s.handle("set icon backgroundColor=rgb(0,122,255").isMore)
        let outcomes = s.handleLine("set icon opacity=0.5")
        #expect(outcomes.count == 2)
        let d = try #require(outcomes.first?.diagnostic)
        #expect(d.message.hasPrefix("'(' opened at 2:29 is never closed") && d.line == 2 && d.column == 29)
        #expect(outcomes.last?.diagnostic == nil)
        #expect(s.document.layer(named: "icon")?.properties["opacity"] == .number(0.5))
        #expect(s.document.layer(named: "icon")?.properties["backgroundColor"] == nil)
        _ = s.handle("layer b")
        #expect(s.document.layer(named: "b") != nil)
        // Continuations that are values, or indented, stay in the bracket.
        #expect(s.handle("keyframes b opacity values=[0,").isMore)
        #expect(s.handle("  1]").diagnostic == nil)
        #expect(s.handle("shape c path=polygon(").isMore)
        #expect(s.handle("(0, 0), (1, 1))").diagnostic == nil)
    }

    /// In a script the same line ends the open command with the same error (not "expected
    /// ',' or ']', found 'layer'" at the end of the input).
    @Test func aScriptSaysWhichBracketIsOpen() {
        var s = Session()
        let o = s.runScript("layer icon\nset icon backgroundColor=rgb(0,122,255\nlayer other\n", name: "x.lab")
        #expect(o.diagnostic?.description.hasPrefix("x.lab:2:29: '(' opened at 2:29 is never closed") == true)
    }

    @Test func historyKeepsAMultiLineCommandOnOneLine() {
        let group = Lexer.historyEntry(["group pulse on box duration=1 {", "  animate opacity to=0",
                                        "  animate position.x to=5", "}"])
        #expect(group == "group pulse on box duration=1 { animate opacity to=0; animate position.x to=5 }")
        #expect(Lexer.historyEntry(["shape s path=polygon((0, 0),", "(10, 0), (5, 5))"])
                == "shape s path=polygon((0, 0), (10, 0), (5, 5))")
        #expect(Lexer.historyEntry(["layer a \\", "opacity=0.5"]) == "layer a opacity=0.5")
        // A comment in the middle would swallow the rest on one line: the lines stay apart.
        let commented = ["group g on box {", "animate opacity to=0 # fade", "}"]
        #expect(Lexer.historyEntry(commented) == commented.joined(separator: "\n"))
    }

    @Test func theOneLineFormRunsTheSame() {
        var a = Session(), b = Session()
        _ = a.handle("layer box"); _ = b.handle("layer box")
        let lines = ["group pulse on box duration=1 {", "animate opacity to=0", "animate position.x to=5", "}"]
        for l in lines { _ = a.handle(l) }
        #expect(b.handle(Lexer.historyEntry(lines)).diagnostic == nil)
        #expect(a.document == b.document)
    }
}

extension Outcome {
    var isMore: Bool { if case .needsMoreInput = self { return true } else { return false } }
}
