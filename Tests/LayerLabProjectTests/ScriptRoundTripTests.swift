#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
@testable import LayerLabScript
import Testing

/// `save FILE.lab` writes a script that rebuilds the document exactly: names, symbolic times,
/// groups (nested too), events, paths, masks, the canvas, every bit of every number.
@Suite struct ScriptRoundTripTests {
    static let examplesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples")

    static var examples: [String] {
        let fm = FileManager.default
        guard let e = fm.enumerator(atPath: examplesFolder.path) else { return [] }
        return e.compactMap { $0 as? String }.filter { $0.hasSuffix(".lab") }.sorted()
    }

    /// Runs `script` in a fresh session; the document it builds, or the error.
    enum Replay { case failure(Diagnostic), success(Document) }

    static func replay(_ script: String) -> Replay {
        var s = Session()
        if let d = s.runScript(script, name: "saved.lab").diagnostic { return .failure(d) }
        return .success(s.document)
    }

    @Test(arguments: examples)
    func everyExampleRoundTrips(_ name: String) throws {
        let text = try String(contentsOf: Self.examplesFolder.appendingPathComponent(name), encoding: .utf8)
        var s = Session()
        try #require(s.runScript(text, name: name).diagnostic == nil)
        let script = ScriptWriter.script(for: s.document)
        switch Self.replay(script) {
        case .failure(let d): Issue.record("\(name): the saved script fails:\n\(d)\n\(script)")
        case .success(let back):
            #expect(back == s.document, "\(name): the saved script builds another document:\n\(script)")
            #expect(ScriptWriter.script(for: back) == script, "\(name): saving again gives other text")
        }
    }

    static var seeds: [UInt64] {
        if let s = ProcessInfo.processInfo.environment["LAYERLAB_SEED"], let n = UInt64(s) { return [n] }
        return Array(0..<300)
    }

    /// The first part of two documents that differs, for failure messages.
    static func difference(_ a: Document, _ b: Document) -> String {
        if a.canvas != b.canvas { return "canvas: \(a.canvas) vs \(b.canvas)" }
        if a.paths != b.paths { return "paths: \(a.paths) vs \(b.paths)" }
        for (x, y) in zip(a.allLayers.map(\.layer), b.allLayers.map(\.layer)) where x != y {
            let keys = Set(x.properties.keys).union(y.properties.keys).filter { x.properties[$0] != y.properties[$0] }
            return "layer \(x.name): " + keys.map { "\($0): \(String(describing: x.properties[$0])) vs \(String(describing: y.properties[$0]))" }.joined(separator: "; ")
        }
        if a.layers != b.layers { return "layer tree" }
        for (x, y) in zip(a.animations, b.animations) where x != y { return "animation:\n\(x)\nvs\n\(y)" }
        if a.animations.count != b.animations.count { return "animation count" }
        for (x, y) in zip(a.events, b.events) where x != y { return "event:\n\(x)\nvs\n\(y)" }
        return "events"
    }

    @Test func randomDocumentsRoundTrip() {
        for seed in Self.seeds {
            var gen = DocumentGenerator(seed: seed, scriptable: true)
            let doc = gen.document()
            let script = ScriptWriter.script(for: doc)
            switch Self.replay(script) {
            case .failure(let d):
                Issue.record("seed \(seed): the saved script fails (LAYERLAB_SEED=\(seed) replays it):\nDIAG \(d.message)\n\(d)\n\(script)")
            case .success(let back):
                #expect(back == doc, "seed \(seed): the saved script builds another document (LAYERLAB_SEED=\(seed)):\nDIFF \(back == doc ? "" : Self.difference(doc, back))\n\(script)")
            }
        }
    }
}
