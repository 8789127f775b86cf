import Testing
import LayerLabCore
@testable import LayerLabScript

/// Commands read their attributes through the handles the table lists (CommandTable+Attributes):
/// every attribute `help` shows reaches the command's handler, and values arrive typed.
struct CommandAttributeTests {
    /// What a command needs before its attributes, for each command that takes any.
    static let lead: [String: (setup: String, line: String)] = [
        "canvas": ("", "canvas"),
        "move": ("layer a\nlayer b", "move a in b"),
        "animate": ("layer a", "animate a opacity"),
        "keyframes": ("layer a", "keyframes a position"),
        "spring": ("layer a", "spring a opacity"),
        "show": ("", "show"), "play": ("", "play"), "frames": ("", "frames"),
        "watch": ("", "watch scene.lab"),
        "inspect": ("layer a", "inspect a.opacity"), "explain": ("layer a", "explain a.opacity"),
        "export": ("", "export out.gif"),
        "at": ("layer a", "at 1 set a opacity=0.5 transition=fade"),
        "load": ("", "load missing.lottie"),
    ]

    static var commandsWithAttributes: [String] {
        CommandTable.all.filter { !$0.helpAttributes.isEmpty && $0.name != "group" }.map(\.name)
    }

    /// A declared attribute given a value of the wrong kind fails on that value, never as an
    /// "unknown attribute": the handler checks and reads the same list the table shows.
    @Test(arguments: commandsWithAttributes)
    func everyDeclaredAttributeReachesTheHandler(_ command: String) throws {
        let lead = try #require(Self.lead[command], "no test line for \(command)")
        let spec = try #require(CommandTable.spec(command))
        for a in spec.helpAttributes {
            var s = Session.test()
            if !lead.setup.isEmpty { s.ok(lead.setup) }
            let message = s.run("\(lead.line) \(a.name)=\"?\"", name: "<test>").diagnostic?.message ?? ""
            #expect(!message.contains("unknown attribute"), "\(command) \(a.name): \(message)")
        }
        var s = Session.test()
        if !lead.setup.isEmpty { s.ok(lead.setup) }
        // `at … set` takes properties beside its attributes: an unknown name is an unknown key path.
        let unknown = command == "at" ? "unknown key path 'nosuch'" : "unknown attribute 'nosuch' for \(command)"
        #expect(s.fails("\(lead.line) nosuch=1").contains(unknown))
    }

    @Test func groupsTakeTheirTimingAndRefuseValueAttributes() {
        for a in CommandTable.timing(for: "group") {
            var s = Session.test()
            s.ok("layer a")
            let message = s.run("group g on a \(a.name)=\"?\" {\n animate opacity to=0\n}", name: "<test>").diagnostic?.message ?? ""
            #expect(!message.contains("unknown attribute"), "group \(a.name): \(message)")
        }
        var s = Session.test()
        s.ok("layer a")
        #expect(s.fails("group g on a from=0 {\n animate opacity to=0\n}").contains("unknown attribute 'from' for group"))
    }

    /// `canvas` takes its attributes in the order written: the first bad value is the one reported.
    @Test func canvasReportsTheFirstBadValueWritten() {
        var s = Session.test()
        let first = s.run("canvas background=(1, 2) size=red", name: "<test>").diagnostic
        #expect(first?.column == 19)
        let second = s.run("canvas size=red background=(1, 2)", name: "<test>").diagnostic
        #expect(second?.column == 13)
        #expect(s.document == Document())
    }

    @Test func valuesArriveTyped() throws {
        var s = Session.test()
        s.ok("shape dot path=circle(0, 0, 5)\nanimate dot opacity to=0 duration=2 as fade")
        guard case .effect(.play(let play))? = s.run("play from=fade.begin + 0.5 to=fade.end speed=2 fps=12 size=40x10 mode=ascii color=never loop",
                                                     name: "<t>").responses.first else {
            Issue.record("no play request"); return
        }
        #expect(play.from == 0.5 && play.to == 2 && play.speed == 2 && play.fps == 12 && play.loop)
        #expect(play.size?.columns == 40 && play.size?.rows == 10 && play.mode == .ascii && play.color == .never)
        guard case .effect(.export(let export))? = s.run("export swift View.swift platform=macos strict force", name: "<t>").responses.first else {
            Issue.record("no export request"); return
        }
        #expect(export.platform == "macos" && export.strict && export.replacing)
        #expect(s.fails("export out.gif platform=macos").contains("platform= applies to swift exports"))
        #expect(s.fails("export View.swift platform=tvos").contains("unknown platform 'tvos'"))
    }

    /// Flag words and their help come from the same handle.
    @Test func flagMeaningsComeFromTheirHandles() {
        #expect(CommandTable.spec("play")?.flagMeanings["loop"] == CommandTable.Play.loop.meaning)
        #expect(CommandTable.spec("export")?.flagWords == [CommandTable.Export.bake.word, CommandTable.Export.strict.word, CommandTable.Export.force.word])
        #expect(CommandTable.spec("load")?.flagMeanings["strict"] == CommandTable.Load.strict.meaning)
    }
}
