import Testing
import LayerLabCore
@testable import LayerLabTerminal

/// The pure completion logic: line and cursor in, candidates out.
struct REPLCompletionTests {
    static let context = CompletionContext(
        layers: [("box", .layer), ("ring", .shape), ("label", .text), ("ringMask", .shape)],
        animations: [("spin", "animate", "transform.rotation.z"), ("grow", "spring", "bounds"),
                     ("fade", "animate", "opacity"), ("reveal", "group", nil)],
        paths: ["small", "large"],
        events: ["hide"],
        listDirectory: { dir in
            switch dir {
            case "": return [.init(name: "loader.lab", isDirectory: false), .init(name: "examples", isDirectory: true),
                             .init(name: ".hidden", isDirectory: false), .init(name: "logo.json", isDirectory: false)]
            case "examples/": return [.init(name: "01-rect.lab", isDirectory: false)]
            default: return []
            }
        })

    func complete(_ line: String, pending: [String] = []) -> [String] {
        var c = Self.context
        c.pendingLines = pending
        return Completer(c).complete(line, cursor: line.count).candidates
    }

    @Test func commandNames() {
        #expect(complete("ani") == ["animate"])
        #expect(complete("s") == ["save", "seek", "set", "shape", "show", "spring"])
        #expect(complete("").contains("timeline"))
    }

    @Test func layerNamesWhereALayerGoes() {
        #expect(complete("animate r") == ["ring", "ringMask"])
        #expect(complete("inspect b") == ["box"])
        #expect(complete("move box in ") == ["box", "label", "ring", "ringMask"])
        #expect(complete("move box ") == ["in", "index="])
        #expect(complete("shape dot in l") == ["label"])
    }

    @Test func keyPathsForTheLayersKind() {
        let shapeOnes = complete("animate ring stroke")
        #expect(shapeOnes.contains("strokeEnd") && shapeOnes.contains("strokeColor"))
        #expect(complete("animate box stroke").isEmpty)
        #expect(complete("animate label font") == ["fontSize"])
        #expect(complete("explain ring.strokeE") == ["ring.strokeEnd"])
        #expect(complete("explain ri") == ["ring.", "ringMask."])
        #expect(complete("inspect box.opa") == ["box.opacity"])
        #expect(complete("set ring.lineW") == ["ring.lineWidth"])
    }

    @Test func attributeNamesAndValues() {
        #expect(complete("animate box opacity dur") == ["duration="])
        #expect(complete("animate box opacity fillMode=") == ["fillMode=backwards", "fillMode=both",
                                                              "fillMode=forwards", "fillMode=removed"])
        #expect(complete("animate box opacity fillMode=f") == ["fillMode=forwards"])
        #expect(complete("animate box opacity timingFunction=easeI").contains("timingFunction=easeIn"))
        #expect(complete("animate box opacity autoreverses=") == ["autoreverses=false", "autoreverses=true"])
        #expect(complete("keyframes box position calculationMode=p") == ["calculationMode=paced"])
        #expect(complete("keyframes box position rotationMode=") == ["rotationMode=auto", "rotationMode=autoReverse"])
        #expect(complete("keyframes box position rot") == ["rotationMode="])
        #expect(complete("keyframes box position path=sm") == ["path=small"])
        #expect(complete("animate box backgroundColor to=ora") == ["to=orange", "to=orangered"])
        #expect(complete("set ring fillC") == ["fillColor="])
        #expect(complete("set ring fillColor=dodger") == ["fillColor=dodgerblue"])
        #expect(complete("set ring lineCap=") == ["lineCap=butt", "lineCap=round", "lineCap=square"])
        #expect(complete("shape dot fillRule=e") == ["fillRule=evenOdd"])
        #expect(complete("set box hidden=") == ["hidden=false", "hidden=true"])
        #expect(complete("set box mask=ring") == ["mask=ring", "mask=ringMask"])
        #expect(complete("set ring path=sm") == ["path=small"])
        #expect(complete("set spin fill") == ["fillMode="])
        #expect(complete("set grow damp") == ["damping=", "dampingRatio="])
        #expect(complete("show mode=b") == ["mode=blocks", "mode=braille"])
    }

    @Test func attributesGivenAreNotOfferedAgain() {
        #expect(!complete("animate box opacity duration=1 d").contains("duration="))
    }

    @Test func requiredWordsComeBeforeAttributes() {
        #expect(!complete("animate box ").contains("duration="))
        #expect(complete("animate box opacity ").contains("duration="))
        #expect(complete("animate box opacity ").contains("as"))
    }

    @Test func fileNames() {
        #expect(complete("load ") == ["examples/", "loader.lab", "logo.json"])
        #expect(complete("load lo") == ["loader.lab", "logo.json"])
        #expect(complete("load examples/") == ["examples/01-rect.lab"])
        #expect(complete("export gif ") == ["examples/", "loader.lab", "logo.json"])
        #expect(complete("export g") == ["gif"])
        #expect(complete("export lo") == ["loader.lab", "logo.json", "lottie"])
        #expect(complete("export own.gif f") == ["force", "fps=", "from="])
        #expect(complete("save l") == ["loader.lab", "logo.json"])
    }

    @Test func otherPositions() {
        #expect(complete("preview o") == ["off", "on"])
        #expect(complete("help ti") == ["timeline", "timing"])
        #expect(complete("delete s") == ["small", "spin"])
        #expect(complete("at sp") == ["spin.begin", "spin.end"])
        #expect(complete("at after f") == ["fade"])
        #expect(complete("at spin.end s").contains("set"))
        #expect(complete("at 1 set b") == ["box"])
        #expect(complete("at 1 set ring strokeE") == ["strokeEnd="])
        #expect(complete("group g on r") == ["ring", "ringMask"])
        #expect(complete("play l") == ["loop"])
    }

    @Test func groupBodiesKnowTheGroupsLayer() {
        let pending = ["group reveal on ring duration=1 {"]
        #expect(complete("ani", pending: pending) == ["animate"])
        #expect(complete("  animate stroke", pending: pending) == ["strokeColor", "strokeEnd", "strokeStart"])
        #expect(complete("animate lineWidth to", pending: pending) == ["to="])
        #expect(complete("animate stroke", pending: pending + ["}"]).isEmpty)
    }

    @Test func replacementText() {
        let c = Completer(Self.context)
        #expect(c.complete("ani", cursor: 3).replacement == "animate ")
        #expect(c.complete("animate box opacity dur", cursor: 23).replacement == "duration=")
        #expect(c.complete("animate box dur", cursor: 15).replacement == nil)
        #expect(c.complete("animate r", cursor: 9).replacement == "ring")
        #expect(c.complete("load ex", cursor: 7).replacement == "examples/")
        #expect(c.complete("inspect bo", cursor: 10).replacement == "box", "inspect box may go on with .keypath")
        #expect(c.complete("s", cursor: 1).replacement == nil)
        #expect(c.complete("animate box opacity fillmode", cursor: 28).start == 20)
    }

    @Test func completesInTheMiddleOfALine() {
        let c = Completer(Self.context)
        let r = c.complete("animate r opacity", cursor: 9)
        #expect(r.candidates == ["ring", "ringMask"])
        #expect(r.start == 8)
    }

    @Test func namesWhereATimeNamesOne() {
        #expect(complete("animate box opacity beginTime=after ") == ["fade", "grow", "hide", "reveal", "spin"])
        #expect(complete("animate box opacity beginTime=after f") == ["fade"])
        #expect(complete("animate box opacity beginTime=sp") == ["beginTime=spin.begin", "beginTime=spin.end"])
        #expect(complete("animate box opacity beginTime=h") == ["beginTime=hide.begin", "beginTime=hide.end"])
        #expect(complete("set spin beginTime=after g") == ["grow"])
        #expect(complete("seek fa") == ["fade.begin", "fade.end"])
        #expect(complete("seek after ") == ["fade", "grow", "hide", "reveal", "spin"])
        #expect(complete("play from=after r") == ["reveal"])
        #expect(complete("show at=gr") == ["at=grow.begin", "at=grow.end"])
        #expect(complete("canvas duration=after sp") == ["spin"])
        #expect(complete("at after h") == ["hide"])
        // Not where a plain number goes.
        #expect(complete("animate box opacity duration=f").isEmpty)
    }

    @Test func pathFunctionsComeFromTheirTable() {
        #expect(complete("set ring path=ro") == ["path=roundedRect("])
        #expect(complete("path p = ci") == ["circle("])
    }

    @Test func fileNamesWithSpacesAreOfferedAsStrings() {
        var c = Self.context
        c.listDirectory = { dir in
            switch dir {
            case "": return [.init(name: "my scene.lab", isDirectory: false), .init(name: "my dir", isDirectory: true),
                             .init(name: "plain.lab", isDirectory: false), .init(name: "say \"hi\".lab", isDirectory: false)]
            case "my dir/": return [.init(name: "inner file.json", isDirectory: false)]
            default: return []
            }
        }
        let completer = Completer(c)
        func complete(_ line: String) -> Completion { completer.complete(line, cursor: line.count) }
        #expect(complete("load my").candidates == ["\"my dir/", "\"my scene.lab\""])
        #expect(complete("load my").replacement == "\"my ")
        #expect(complete("load \"my s").candidates == ["\"my scene.lab\""])
        #expect(complete("load \"my s").replacement == "\"my scene.lab\" ")
        #expect(complete("load \"my dir/").candidates == ["\"my dir/inner file.json\""])
        #expect(complete("load pl").candidates == ["plain.lab"])
        #expect(complete("load sa").candidates == ["\"say \\\"hi\\\".lab\""])
    }
}
