import Foundation
import LayerLabCore
import LayerLabProject
import LayerLabScript
import Testing

/// Each timing attribute is declared once (`MediaTiming.attributes`); the command language,
/// `tree`, the project format and their ranges must all follow the declaration.
@Suite struct TimingAttributeTests {
    /// A value other than the default, as the command language writes it.
    static func sample(_ a: TimingAttribute) -> String {
        switch a.kind {
        case .time: return "0.5"
        case .seconds: return "2"
        case .number: return "3"
        case .bool: return (a.storedValue(in: MediaTiming()) as? Bool) == true ? "false" : "true"
        case .fillMode: return "both"
        case .timingFunction: return "easeIn"
        }
    }

    func session() -> Session { Session(files: SessionProjectTests.MemoryFiles(), codec: SessionProjectTests.Codec()) }

    @Test(arguments: MediaTiming.attributeNames)
    func attributeTravelsEverywhere(_ name: String) throws {
        let attribute = try #require(MediaTiming.attribute(named: name))
        let text = TimingAttributeTests.sample(attribute)
        var s = session()
        let outcome = s.run("shape s\nanimate s opacity to=0 \(name)=\(text) as a\ntree", name: "<test>")
        #expect(outcome.diagnostic == nil)
        let a = try #require(s.document.animations.first)
        #expect(attribute.value(in: a.timing) != nil, "the attribute was not set")
        let printed = outcome.responses.compactMap { if case .text(let t) = $0 { return t }; return nil }.joined()
        #expect(printed.contains("\(name)=\(text)"), "tree: \(printed)")
        let data = ProjectFile.encode(s.document)
        #expect(String(decoding: data, as: UTF8.self).contains("\"\(name)\""))
        #expect(try ProjectFile.decode(data) == s.document)
        // Set again through `set ANIMATION`, back to nothing changed from the sample.
        #expect(s.run("set a \(name)=\(text)", name: "<test>").diagnostic == nil)
    }

    /// The command language and the project decoder refuse the same numbers.
    @Test(arguments: MediaTiming.attributes.filter { $0.range != .finite }.map(\.name))
    func rangesAgree(_ name: String) throws {
        let attribute = try #require(MediaTiming.attribute(named: name))
        let bad = (attribute.range.lowerBound ?? 0) - 1
        var s = session()
        let d = s.run("shape s\nanimate s opacity to=0 \(name)=\(formatNumber(bad))", name: "<test>").diagnostic
        #expect(d?.description.contains("\(name) \(attribute.range.requirement), found \(formatNumber(bad))") == true,
                "\(String(describing: d))")
        #expect(s.document.animations.isEmpty)
        let json = """
        {"format": "layerlab-project", "version": 1,
         "layers": [{"name": "s", "kind": "shape"}],
         "animations": [{"name": "a", "layer": "s", "kind": "basic", "keyPath": "opacity", "\(name)": \(formatNumber(bad))}]}
        """
        do {
            _ = try ProjectFile.decode(Data(json.utf8))
            Issue.record("the decoder accepted \(name)=\(bad)")
        } catch {
            #expect(error.kind == .outOfRange)
        }
    }

    @Test func helpAndCompletionFollowTheTable() {
        #expect(CommandTable.timing.map(\.name) == MediaTiming.attributeNames)
        #expect(MediaTiming.attribute(named: "repeatCount")?.defaultText == "0 (once)")
        #expect(MediaTiming.attribute(named: "fillMode")?.completions == ["removed", "forwards", "backwards", "both"])
        #expect(MediaTiming.attribute(named: "removedOnCompletion")?.swiftName == "isRemovedOnCompletion")
    }

    /// Spring parameters come from one table too: set, saved, loaded and range-checked alike.
    @Test(arguments: Animation.Spring.Form.parameters.map(\.name))
    func springParameterTravelsEverywhere(_ name: String) throws {
        let p = try #require(Animation.Spring.Form.parameters.first { $0.name == name })
        let other = p.defaultValue + 2
        var s = session()
        let ratio = Animation.Spring.Form.ratioParameters.contains { $0.name == name } && !p.marksForm ? " dampingRatio=0.5" : ""
        #expect(s.run("layer a\nspring a opacity to=0 \(name)=\(formatNumber(other))\(ratio) as s", name: "<test>").diagnostic == nil)
        let spring = try #require(s.document.animations.first.flatMap { if case .spring(let sp) = $0.body { return sp }; return nil })
        #expect(spring.form.values.first { $0.parameter.name == name }?.value == other)
        let data = ProjectFile.encode(s.document)
        #expect(try ProjectFile.decode(data) == s.document)
        if let lo = p.range.lowerBound {
            let bad = s.run("spring a opacity to=0 \(name)=\(formatNumber(lo - 1))\(ratio)", name: "<test>").diagnostic
            #expect(bad?.description.contains("\(name) \(p.range.requirement)") == true, "\(String(describing: bad))")
        }
    }
}
