import LayerLabCore
import Testing
@testable import LayerLabScript

/// CATextLayer's font, isWrapped and truncationMode (and alignmentMode, its name for
/// alignment) through the command language, and the warning for characters the font lacks.
struct TextPropertyTests {
    @Test func theNewPropertiesAreSetInspectedAndChecked() {
        var s = Session.test()
        s.ok("text t string=\"Hi\" font=\"Helvetica-Bold\" isWrapped=true truncationMode=middle alignmentMode=center")
        #expect(s.ok("inspect t.font at=0").contains("\"Helvetica-Bold\""))
        #expect(s.ok("inspect t.isWrapped at=0").contains("true"))
        #expect(s.ok("inspect t.truncationMode at=0").contains("middle"))
        #expect(s.ok("inspect t.alignment at=0").contains("center"), "alignmentMode is alignment")
        #expect(s.fails("set t truncationMode=tail").contains("truncationMode"))
        #expect(s.fails("set t font=12").contains("string"))
        #expect(s.fails("animate t font to=\"Menlo\"").contains("not animatable"))
        s.ok("layer plain")
        #expect(s.fails("set plain alignmentMode=center").contains("text"), "alignmentMode belongs to text layers")
        #expect(s.ok("help keypaths").contains("truncationMode"))
    }

    @Test func theDefaultsAreCoreAnimations() {
        var s = Session.test()
        s.ok("text t string=\"Hi\"")
        #expect(s.ok("inspect t.font at=0").contains("\"Helvetica\""))
        #expect(s.ok("inspect t.isWrapped at=0").contains("false"))
        #expect(s.ok("inspect t.truncationMode at=0").contains("none"))
    }

    /// A warning (for standard error), wherever the text came from.
    @Test func missingCharactersAreNamedOnce() {
        var s = Session(settings: .init(sourceName: "<input>", announceNames: true))
        func printed(_ line: String) -> String {
            s.handle(line).responses.compactMap { if case .effect(.warning(let t)) = $0 { return t }; return nil }.joined(separator: "\n")
        }
        let first = printed("text t string=\"Ünïcödé ┌─┐ ア\"")
        #expect(first.contains("the built-in font has no glyph for 'ア' (U+30A2)"), "\(first)")
        #expect(first.contains("it draws as a box"))
        #expect(!first.contains("Ü"), "characters it has are not named")
        #expect(!printed("set t string=\"アア\"").contains("warning"), "said once")
        #expect(printed("at 1 set t string=\"✓\"").contains("'✓' (U+2713)"), "scheduled strings too")
        var script = Session.test(files: MemoryFiles(["t.lab": "text t string=\"世界\"\n"]))
        let warned = script.run("load t.lab", name: "<t>").responses
        #expect(warned == [.effect(.warning("the built-in font has no glyph for '世' (U+4E16), '界' (U+754C); they draw as a box"))],
                "scripts and pipes are told too, on standard error")
        #expect(script.run("run t.lab", name: "<t>").diagnostic != nil, "t already exists")
        #expect(script.ok("text u string=\"世\"").isEmpty, "said once")
    }
}

extension TextPropertyTests {
    @Test func textWithoutBoundsGetsANoteOnce() {
        var s = Session(settings: .init(sourceName: "<input>", announceNames: true))
        func printed(_ line: String) -> String {
            s.handle(line).responses.compactMap { if case .text(let t) = $0 { return t }; return nil }.joined(separator: "\n")
        }
        #expect(printed("text t string=\"Hi\"").contains("note: 't' has no bounds"))
        #expect(!printed("set t string=\"Hello\"").contains("no bounds"), "said once")
        #expect(!printed("text u string=\"Hi\" bounds=rect(0, 0, 40, 20)").contains("no bounds"))
        #expect(!printed("text v").contains("no bounds"), "nothing to show yet")
    }
}
