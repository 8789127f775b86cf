import LayerLabCore
import Testing
@testable import LayerLabScript

@Suite struct ParserTests {
    /// One line of every command form in the command table.
    static let everyCommand: [String] = [
        "canvas size=300x200 background=#202020 duration=4",
        "path small = oval(50, 50, 0, 0)",
        "layer box in root position=(1, 2)",
        "shape s path=circle(0, 0, 1)",
        "text t string=\"S\" fontSize=170",
        "image i contents=city.png",
        "set box opacity=0.5 position.x=10 animated",
        "set box.position.x = 10",
        "set wobble duration=0.4 repeatCount=inf",
        "delete box",
        "rename old new",
        "move a in b index=0",
        "move a",
        "animate box opacity from=0 to=1 by=0.5 beginTime=a.end + 0.1 duration=300ms speed=2 timeOffset=0.1 repeatCount=2.5 repeatDuration=1 autoreverses=true fillMode=both removedOnCompletion=false timingFunction=cubic(0.1, 0, 0.2, 1) additive=true as fade",
        "keyframes box position.y values=[0, 80, 60] keyTimes=[0, 0.5, 1] calculationMode=cubic timingFunctions=[easeIn, easeOut]",
        "spring box transform.scale from=0.25 to=1 mass=1 stiffness=100 damping=10 initialVelocity=0",
        "spring box transform.scale to=1 dampingRatio=0.7 initialSpringVelocity=0.1 duration=0.4",
        "group g on box sequence repeatCount=2 {\n  animate opacity to=0\n  keyframes position.x values=[0, 1]\n  spring opacity to=1 as s\n}",
        "at 1.5 set box hidden=true",
        "at after wobble set box.opacity = 0 animated as fadeOut",
        "show at=1 size=80x24 mode=braille color=never",
        "play from=0 to=2 speed=0.5 fps=30 loop",
        "frames from=0 to=1 fps=4",
        "seek wobble.end",
        "preview on",
        "timeline", "tree", "history", "new", "quit",
        "inspect box", "inspect box.position.x at=0.5",
        "explain box.opacity at=1",
        "undo", "undo 3", "redo", "redo 2",
        "load examples/01-rect.lab", "load \"my file.json\"", "save", "save out.json",
        "export gif out.gif fps=20 size=200x200 from=0 to=2", "export png frame.png at=1",
        "help", "help animate", "help keypaths",
    ]

    @Test(arguments: everyCommand)
    func parses(_ text: String) throws {
        let commands = try Parser.parse(text)
        #expect(commands.count == 1)
        #expect(commands.first?.verb.text == text.split(separator: " ").first.map(String.init))
    }

    @Test func setKeyPathForm() throws {
        let c = try #require(try Parser.parse("set box.position.x = 10 + 2").first)
        guard case .setKeyPath(let target, .binary("+", .number(10, nil, _), .number(2, nil, _), _)) = c.kind else {
            Issue.record("got \(c.kind)"); return
        }
        #expect(target.text == "box.position.x")
    }

    @Test func groupChildren() throws {
        let c = try #require(try Parser.parse("group g on box sequence {\n animate opacity to=0 ; keyframes position.x values=[0, 1]\n}").first)
        guard case .group(let n, let layer, let args, let children) = c.kind else { Issue.record("got \(c.kind)"); return }
        #expect(n.text == "g" && layer.text == "box" && args.has(CommandTable.Group.sequence))
        #expect(children.map(\.verb.text) == ["animate", "keyframes"])
        #expect(children.map(\.keyPath.text) == ["opacity", "position.x"])
    }

    @Test func commentsContinuationsAndSeparators() throws {
        let text = """
            # a comment
            layer a # trailing comment
            set a position=(1,
                            2) \\
                opacity=0.5; layer b
            """
        let cs = try Parser.parse(text)
        #expect(cs.map(\.verb.text) == ["layer", "set", "layer"])
        #expect(cs[1].text == "set a position=(1, 2) opacity=0.5")
        #expect(cs[2].range.start.line == 5)
    }

    @Test func afterIsEnd() throws {
        let c = try #require(try Parser.parse("at after spin set a hidden=true").first)
        guard case .at(.after("spin", _), _, _, nil) = c.kind else { Issue.record("got \(c.kind)"); return }
    }

    @Test(arguments: ["deep", "wide"])
    func deepNestingDoesNotCrash(_ shape: String) {
        let text = shape == "deep" ? "set a x=" + String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200)
            : "set a x=[" + Array(repeating: "1", count: 5000).joined(separator: ",") + "]"
        #expect((try? Parser.parse(text)) != nil)
    }
}

/// Input that nests without end gets a clear error, never a stack overflow.
struct NestingLimitTests {
    @Test(arguments: ["(", "[", "-"])
    func deepValuesAreRefused(_ opener: String) {
        let closer = opener == "(" ? ")" : opener == "[" ? "]" : ""
        let text = "shape s lineWidth=" + String(repeating: opener, count: 100_000) + "1"
            + String(repeating: closer, count: 100_000)
        var s = Session()
        let d = s.runScript(text, name: "deep").diagnostic
        #expect(d?.message.contains("cannot nest more than") == true)
        #expect(s.document == Document())
    }

    @Test func deepLayerTreesAreRefused() {
        var lines = ["layer l0"]
        for i in 1...150 { lines.append("layer l\(i) in l\(i - 1)") }
        var s = Session()
        let d = s.runScript(lines.joined(separator: "\n"), name: "deep").diagnostic
        #expect(d?.message == "layers cannot nest more than 100 levels deep")
    }
}
