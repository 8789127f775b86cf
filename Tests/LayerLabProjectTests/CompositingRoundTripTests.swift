#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
import LayerLabProject
@testable import LayerLabScript
import Testing

/// The compositing extensions (`blendMode`, `maskMode`, `timeRemap`) survive a project file and
/// a saved script, and a wrong value is refused with a message that changes nothing.
@Suite struct CompositingRoundTripTests {
    /// Every blend mode and mask mode on a layer of its own, a stored, an animated and a
    /// scheduled time remap.
    static let script: String = {
        var lines = ["canvas size=120x80", "layer comp bounds=rect(0, 0, 120, 80) position=(60, 40) timeRemap=0.5",
                     "shape matte in comp path=circle(20, 20, 10)"]
        for (i, mode) in BlendMode.allCases.enumerated() {
            let maskMode = MaskMode.allCases[i % MaskMode.allCases.count]
            lines.append("layer l\(i) in comp position=(\(i * 4), 10) bounds=rect(0, 0, 8, 8) backgroundColor=red "
                         + "blendMode=\(mode.rawValue) maskMode=\(maskMode.rawValue)")
        }
        lines.append("set l0 mask=matte")
        lines.append("keyframes comp timeRemap values=[0, 2, 1] keyTimes=[0, 0.5, 1] duration=2")
        lines.append("at 1 set comp timeRemap=0.25 as hold")
        lines.append("at 1.5 set l3 blendMode=screen maskMode=luminance as swap")
        return lines.joined(separator: "\n")
    }()

    static func built() throws -> Document {
        var s = Session()
        if let d = s.runScript(script, name: "compositing.lab").diagnostic { throw ScriptFailure(text: "\(d)") }
        return s.document
    }

    struct ScriptFailure: Error { var text: String }

    @Test func everyModeIsStoredAsTyped() throws {
        let doc = try Self.built()
        let layers = doc.layers[0].sublayers.filter { $0.name.hasPrefix("l") }
        #expect(layers.map { $0.properties["blendMode"]?.string } == BlendMode.allCases.map(\.rawValue))
        #expect(layers[1].properties["maskMode"] == .string("alphaInverted"))
        #expect(doc.layers[0].properties["timeRemap"] == .number(0.5))
    }

    @Test func aProjectFileKeepsThem() throws {
        let doc = try Self.built()
        let data = ProjectFile.encode(doc)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"blendMode\": \"colorDodge\"") && text.contains("\"maskMode\": \"luminanceInverted\"")
                && text.contains("\"timeRemap\": 0.5"))
        #expect(try ProjectFile.decode(data) == doc)
    }

    @Test func aSavedScriptRebuildsThem() throws {
        let doc = try Self.built()
        let saved = ScriptWriter.script(for: doc)
        #expect(saved.contains("blendMode=luminosity") && saved.contains("timeRemap=0.5")
                && saved.contains("keyframes comp timeRemap"))
        var s = Session()
        #expect(s.runScript(saved, name: "saved.lab").diagnostic == nil)
        #expect(s.document == doc)
    }

    @Test func wrongValuesAreRefusedAndChangeNothing() throws {
        var s = Session()
        #expect(s.runScript(Self.script, name: "compositing.lab").diagnostic == nil)
        let before = s.document
        for bad in ["set l0 blendMode=bogus", "set l0 maskMode=luma", "set comp timeRemap=red",
                    "animate l0 blendMode from=normal to=screen duration=1"] {
            let d = s.runScript(bad, name: "bad").diagnostic
            #expect(d != nil, "\(bad) was accepted")
            #expect(s.document == before, "\(bad) changed the document")
        }
        #expect("\(s.runScript("set l0 blendMode=bogus", name: "bad").diagnostic!)".contains("unknown value for blendMode 'bogus'"))
        let broken = String(decoding: ProjectFile.encode(before), as: UTF8.self)
            .replacingOccurrences(of: "\"blendMode\": \"colorDodge\"", with: "\"blendMode\": \"dodge\"")
        #expect(throws: ProjectFileError.self) { try ProjectFile.decode(Data(broken.utf8)) }
    }
}
