import Testing
import LayerLabCore
@testable import LayerLabScript

/// The command table drives the parser, help and the unified `export` grammar.
struct CommandTableTests {
    func exportRequest(_ line: String) -> ExportRequest? {
        var s = Session.test()
        s.ok("shape dot path=circle(10, 10, 5)")
        for case .effect(.export(let r)) in s.run(line, name: "<t>").responses { return r }
        return nil
    }

    @Test func exportTakesTheFormatFromTheExtension() {
        #expect(exportRequest("export out.gif")?.format == .gif)
        #expect(exportRequest("export OUT.PNG at=0")?.format == .png)
        #expect(exportRequest("export anim.json")?.format == .lottie)
        #expect(exportRequest("export View.swift")?.format == .swift)
        #expect(exportRequest("export rec.cast fps=12")?.fps == 12)
        #expect(exportRequest("export \"my file.png\"")?.file == "my file.png")
    }

    @Test func exportKeepsTheOlderForm() {
        let r = exportRequest("export gif out.gif fps=10")
        #expect(r?.format == .gif && r?.file == "out.gif" && r?.fps == 10)
        #expect(exportRequest("export lottie anim.json")?.format == .lottie)
        #expect(exportRequest("export png gif")?.file == "gif", "a format word followed by a file is the old form")
        #expect(exportRequest("export x.png strict")?.strict == true, "a file with a dot, then a flag word")
        #expect(exportRequest("export swift Out.swift strict platform=macos")?.platform == "macos")
    }

    /// `bake` is a Lottie export's flag word, at the prompt as `--bake` is from the shell; on any
    /// other format it is an error, so nothing is exported.
    @Test func bakeIsALottieExportsFlag() {
        #expect(exportRequest("export anim.json bake")?.bake == true)
        #expect(exportRequest("export anim.json fps=30 bake strict")?.bake == true)
        #expect(exportRequest("export anim.json")?.bake == false)
        var s = Session.test()
        s.ok("shape dot path=circle(10, 10, 5)")
        #expect(s.fails("export View.swift bake").contains("bake applies to lottie"))
        #expect(s.fails("export out.gif bake").contains("bake applies to lottie"))
        #expect(s.ok("help export").contains("bake"))
    }

    @Test func exportWithoutAKnownExtensionSaysWhich() {
        var s = Session.test()
        let e = s.fails("export out.mov")
        #expect(e.contains("cannot tell the format of 'out.mov'") && e.contains(".gif") && e.contains(".json (Lottie)"))
        #expect(s.fails("export jpg out.jpg").contains("unknown export format 'jpg'"))
    }

    @Test func helpStatesTheFrameRatesTheExportersUse() {
        var s = Session.test()
        let help = s.ok("help export")
        for f in ExportRequest.Format.allCases {
            if let fps = f.defaultFPS { #expect(help.contains("\(f.rawValue) \(formatNumber(fps))")) }
        }
        #expect(ExportRequest.Format.gif.defaultFPS == 20)
        #expect(help.contains("export FILE [at=T]"))
        #expect(help.contains("export png|gif|lottie|swift|cast|sixel|script FILE"))
    }

    /// Help quotes the default duration from the one constant the evaluator uses, so the two
    /// cannot drift apart.
    @Test func helpQuotesTheDefaultDurationTheEvaluatorUses() {
        #expect(Double(MediaTiming.defaultDurationText) == MediaTiming.defaultDuration)
        #expect(Evaluator.implicitDuration == MediaTiming.defaultDuration)
        var s = Session.test()
        let quoted = formatNumber(MediaTiming.defaultDuration)
        #expect(s.ok("help set").contains("an implicit \(quoted)s animation"))
        #expect(s.ok("help timing").contains("Unset: \(quoted)s"))
        #expect(s.ok("help transitions").contains("(0 or unset: \(quoted))"))
    }

    @Test func everyCommandWordDispatchesThroughTheTable() throws {
        for word in CommandTable.names {
            let spec = try #require(CommandTable.spec(word))
            #expect(spec.words.contains(word))
        }
        // Flag words, `as` and `in` come from each command's grammar.
        #expect(Set(CommandTable.spec("play")!.flagWords) == ["loop"])
        #expect(Set(CommandTable.spec("set")!.flagWords) == ["animated"])
        #expect(CommandTable.spec("animate")!.takesAs && !CommandTable.spec("animate")!.takesIn)
        #expect(CommandTable.spec("layer")!.takesIn)
        var s = Session.test()
        #expect(s.fails("play lop").contains("did you mean 'loop'"))
    }

    @Test func synopsesAreRenderedFromTheGrammar() {
        #expect(CommandTable.spec("move")!.synopsisLines == ["move LAYER [in PARENT] [index=N]"])
        let kinds = "layer|shape|text|image|replicator|gradient|transformLayer|emitter|cell"
        #expect(CommandTable.spec("shape")!.synopsisLines == ["\(kinds) NAME [in PARENT] [prop=value ...]",
                                                               "\(kinds) NAME [in PARENT] [prop=value ...] { ... }"])
        #expect(CommandTable.spec("animate")!.synopsisLines
                == ["animate LAYER KEYPATH [from=V] [to=V] [by=V] [valueFunction=rotateX|rotateY|rotateZ|scale|scaleX|scaleY|scaleZ|translate|translateX|translateY|translateZ] [TIMING ...] [as NAME]"])
        #expect(CommandTable.spec("set")!.synopsisLines.count == 2)
    }

    @Test func helpValuesListsEveryPathFunctionFromItsTable() {
        var s = Session.test()
        let help = s.ok("help values")
        for name in ValueFunction.pathFunctions {
            #expect(help.contains(ValueFunction.signature(name)), "\(name)")
        }
        #expect(help.contains("color(0.82, 0.16, 0.09, 1)"))
        #expect(s.ok("layer a backgroundColor=color(0.5, 0.25, 1, 0.5); inspect a.backgroundColor at=0") == "a.backgroundColor = #8040ff80")
        #expect(s.fails("set a backgroundColor=color(2, 0, 0)").contains("must be from 0 to 1"))
    }
}
