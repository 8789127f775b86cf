import Foundation
import LayerLabCore
import LayerLabScript
import Testing

/// Runs every script under `examples/` and checks the `# expect: LAYER.KEYPATH at T = VALUE`
/// lines written in it, in the Crafting Interpreters style: the expectations live next to the
/// code they describe, in the form `inspect` prints.
struct ExamplesTests {
    static let examplesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples").resolvingSymlinksInPath()

    static var scripts: [String] {
        let fm = FileManager.default
        guard let e = fm.enumerator(atPath: examplesFolder.path) else { return [] }
        return e.compactMap { $0 as? String }.filter { $0.hasSuffix(".lab") && !$0.hasPrefix("art/") }.sorted()
    }

    struct Expectation {
        var line: Int
        var layer: String
        var keyPath: String
        var time: Double
        var value: String
    }

    static func expectations(in text: String) -> [Expectation] {
        var out: [Expectation] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard raw.hasPrefix("# expect: ") else { continue }
            let body = raw.dropFirst("# expect: ".count)
            guard let at = body.range(of: " at "), let eq = body.range(of: " = ") else { continue }
            let target = body[..<at.lowerBound]
            guard let dot = target.firstIndex(of: "."), let t = Double(body[at.upperBound..<eq.lowerBound]) else { continue }
            out.append(Expectation(line: i + 1, layer: String(target[..<dot]),
                                   keyPath: String(target[target.index(after: dot)...]), time: t,
                                   value: String(body[eq.upperBound...])))
        }
        return out
    }

    @Test func everyExampleIsFound() {
        #expect(Self.scripts.contains("loading-s.lab"))
        #expect(Self.scripts.contains("circular-loader.lab"))
        #expect(Self.scripts.contains("parallax-walk.lab"))
        #expect(Self.scripts.filter { $0.hasPrefix("basics/") }.count >= 12)
    }

    @Test(arguments: scripts)
    func runsAndMeetsItsExpectations(_ name: String) throws {
        let url = Self.examplesFolder.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        var session = Session()
        let outcome = session.runScript(text, name: name)
        #expect(outcome.diagnostic == nil, "\(name): \(outcome.diagnostic.map { "\($0)" } ?? "")")
        let evaluator = Evaluator(document: session.document)
        for e in Self.expectations(in: text) {
            let value = evaluator.presentationValue(layer: e.layer, keyPath: e.keyPath, at: e.time)
            let shown = value.map { ValueFormatter.format($0) } ?? "(no such layer or key path)"
            #expect(shown == e.value, "\(name):\(e.line): \(e.layer).\(e.keyPath) at \(e.time)")
        }
    }
}
