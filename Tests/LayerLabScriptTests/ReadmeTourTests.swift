#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
@testable import LayerLabScript
import Testing

/// The README's tour, read from the README itself and typed into an empty session as a newcomer
/// types it: every step works and shows what the text says.
struct ReadmeTourTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// The fenced blocks of the tour section (between "A five-minute tour" and the next `##`).
    static func tourBlocks() throws -> [[String]] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: "## A five-minute tour") else { return [] }
        let section = text[start.upperBound...]
        let end = section.range(of: "\n## ").map { section[..<$0.lowerBound] } ?? section
        var blocks: [[String]] = []
        var current: [String]?
        for line in end.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let c = current { blocks.append(c); current = nil } else if line == "```" { current = [] }
                continue
            }
            current?.append(String(line))
        }
        return blocks
    }

    @Test func theTourRunsAsWrittenFromAnEmptyDocument() throws {
        let blocks = try Self.tourBlocks()
        try #require(blocks.count >= 2, "the tour has its command blocks")
        var s = Session(settings: .init(sourceName: "<input>", announceNames: true))
        var effects: [Effect] = []
        var texts: [String] = []
        for line in blocks.flatMap({ $0 }) where !line.isEmpty {
            let outcome = s.handle(line)
            #expect(outcome.diagnostic == nil, "\(line): \(outcome.diagnostic?.description ?? "")")
            for r in outcome.responses {
                switch r {
                case .effect(let e): effects.append(e)
                case .text(let t): texts.append(t)
                }
            }
        }
        // The tour starts from an empty document: only its own layer.
        #expect(s.document.allLayers.map(\.layer.name) == ["dot"])
        let ev = Evaluator(document: s.document)
        #expect(abs(ev.sceneDuration - 1.4) < 1e-9, "play shows grow and one full pulse (the README says 1.4 s)")
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        #expect(readme.contains("(1.4 s)"))
        guard case .play(let play)? = effects.first(where: { if case .play = $0 { return true }; return false }) else {
            Issue.record("the tour plays"); return
        }
        #expect(play.to == nil && play.from == 0)
        #expect(texts.contains("dot.opacity = 0.65"), "inspect at 1.2: the pulse on its way back")
        #expect(texts.contains { $0.contains("iteration 1, on the way back") })
        #expect(texts.contains { $0.contains("dot.opacity |") && $0.contains("inf (forever)") }, "timeline shows the pulse")
    }

    @Test func theTourDurationsStaySymbolic() {
        var s = Session()
        _ = s.handle("shape dot position=(100, 100) path=circle(0, 0, 30) fillColor=red")
        _ = s.handle("animate dot transform.scale from=0.2 to=1 duration=0.6 timingFunction=easeOut as grow")
        _ = s.handle("animate dot opacity from=1 to=0.3 beginTime=after grow duration=0.4 autoreverses=true repeatCount=inf")
        _ = s.handle("set grow duration=1")
        #expect(Evaluator(document: s.document).interval(of: "dot.opacity")?.begin == 1, "the fade moves with grow")
    }
}
