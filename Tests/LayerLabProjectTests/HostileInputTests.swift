import Foundation
import LayerLabCore
import LayerLabProject
import LayerLabScript
import Testing

/// The crash reproducers of the robustness probe, in scripts and projects: each must give a
/// clear error or a result, never trap or overflow the stack.
@Suite struct HostileInputTests {
    func session() -> Session {
        Session(files: SessionProjectTests.MemoryFiles(), codec: SessionProjectTests.Codec())
    }

    /// A project of `count` animations, each beginning when the one listed after it ends.
    static func chainedProject(_ count: Int) -> Data {
        var animations: [String] = []
        for i in (0..<count).reversed() {
            let begin = i == 0 ? "" : ", \"beginTime\": \"a\(i - 1).end\""
            animations.append("{\"name\": \"a\(i)\", \"layer\": \"l\", \"kind\": \"basic\", \"keyPath\": \"opacity\", \"to\": 0, \"duration\": 1\(begin)}")
        }
        return Data("""
            {"format": "layerlab-project", "version": 1, "canvas": {"size": [200, 200], "background": "#ffffff"},
             "paths": [], "layers": [{"name": "l", "kind": "layer", "properties": {}}],
             "animations": [\(animations.joined(separator: ",\n"))], "events": []}
            """.utf8)
    }

    @Test func longChainsOfTimeReferencesResolveWithoutRecursion() throws {
        let doc = try ProjectFile.decode(Self.chainedProject(12_000))
        try doc.checkTimeReferences(edited: nil)
        let ev = Evaluator(document: doc)
        #expect(ev.interval(of: "a11999")?.end == 12_000)
        #expect(ev.scene(at: 11_999.5).layers.first?.opacity == 0.5)
    }

    @Test func cyclesStillResolveToZeroAndAreRefused() throws {
        var s = session()
        s.mustRun("layer l; animate l opacity to=0 duration=1 as a; animate l opacity to=0 duration=1 beginTime=a.end as b")
        #expect(s.mustFail("set a beginTime=b.end").contains("cycle"))
    }

    @Test(arguments: [
        "path p = svg(\"M 0 0 A 1e-300 1e-300 0 1 1 5 5\")",
        "path p = svg(\"M 0 0 A 1e308 1e308 0 1 1 5 5\")",
        "path p = svg(\"M 0 0 A 5 5 1e308 1 1 5 5\")",
        "path p = svg(\"M 0 0 A 1e308 2 -1e308 0 0 1e300 -1e300\")",
        "shape p path=arc(0,0,10,-1e308,1e308,false)",
        "shape p path=arc(0,0,1e308,1e308,-1e308,true)",
    ])
    func extremeArcsMakePaths(_ line: String) throws {
        var s = session()
        s.mustRun("shape s; " + line)
        let ev = Evaluator(document: s.document)
        _ = ev.scene(at: 0)
        for p in s.document.paths { _ = p.path.flattened(tolerance: 0.25) }
    }

    @Test func tinyArcRadiiScaleUpToAHalfCircle() throws {
        var s = session()
        s.mustRun("path p = svg(\"M 0 0 A 1e-300 1e-300 0 1 1 10 0\")")
        let box = try #require(s.document.paths.first?.path.controlBounds)
        // The radius grows to half the chord: a half circle of radius 5 over (0,0)–(10,0).
        #expect(abs(box.width - 10) < 1e-6)
        #expect(abs(box.height - 5) < 1e-3)
    }

    @Test func hugeFlipbookIndicesPickTheLastFrame() {
        var s = session()
        s.mustRun("image i frames=[\"a\",\"b\"] frameIndex=1e300")
        #expect(Evaluator(document: s.document).scene(at: 0).layers.first?.extras.contents == "b")
        #expect(s.mustFail("set i frameIndex=-1e300").contains("frameIndex must be 0 or more"))
        s.mustRun("set i frameIndex=0; animate i frameIndex from=0 to=1e300 duration=1")
        #expect(Evaluator(document: s.document).scene(at: 0.5).layers.first?.extras.contents == "b")
    }

    @Test func timelineOfFarAwayAndInfiniteBeginTimes() throws {
        var s = session()
        s.mustRun("layer s; animate s opacity to=1 duration=1 beginTime=-1e15")
        #expect(s.mustRun("timeline").contains("s.opacity"))
        let json = String(decoding: ProjectFile.encode(s.document), as: UTF8.self)
            .replacingOccurrences(of: "\"beginTime\": -1000000000000000", with: "\"beginTime\": \"-inf\"")
        #expect(json.contains("\"-inf\""))
        let doc = try ProjectFile.decode(Data(json.utf8))
        #expect(TimelineChart.render(doc, now: 0).contains("-inf"))
    }

    @Test(arguments: ["seek 1e16", "show at=1e300", "frames to=1e18", "export cast o.cast to=1e18",
                      "play from=1e300", "play speed=1e-300", "play speed=1e300", "export png o.png at=-1e10"])
    func timesAndSpeedsBeyondTheLimitsAreRefusedWherePositioned(_ line: String) {
        var s = session()
        s.mustRun("layer a")
        let d = s.mustFail(line)
        #expect(d.contains("^"))
        #expect(d.contains("time must be from -1000000000 to 1000000000") || d.contains("speed must be from 0.001 to 1000"), "\(d)")
    }

    /// A tiny number out of range is quoted as typed, not rounded to a 0 that the range
    /// would seem to allow ("speed must be from 0.001 to 1000, found 0").
    @Test func tinyNumbersAreQuotedInFull() {
        var s = session()
        s.mustRun("layer a")
        #expect(s.mustFail("play speed=1e-300").contains("speed must be from 0.001 to 1000, found 1e-300"))
        #expect(s.mustFail("shape b path=circle(0, 0, 1) lineWidth=-1e-9").contains("lineWidth must be 0 or more, found -1e-09"))
        #expect(s.mustFail("animate a opacity to=1 duration=-1e-12").contains("duration must be more than 0, found -1e-12"))
        #expect(s.mustFail("play speed=0.0001").contains("found 0.0001"))
    }
}

private extension Session {
    @discardableResult
    mutating func mustRun(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let o = run(text, name: "<test>")
        if let d = o.diagnostic { Issue.record("unexpected error:\n\(d)", sourceLocation: sourceLocation) }
        return o.responses.compactMap { if case .text(let s) = $0 { return s }; return nil }.joined(separator: "\n")
    }

    mutating func mustFail(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        guard let d = run(text, name: "<test>").diagnostic else {
            Issue.record("expected an error for: \(text)", sourceLocation: sourceLocation)
            return ""
        }
        return d.description
    }
}

/// Saved projects carry no raw control characters (U+009B included) and read back the same.
@Suite struct ProjectEscapingTests {
    @Test func c1ControlsAreEscapedInSavedJSON() throws {
        var doc = Document()
        doc.layers = [Layer(name: "t", kind: .text, properties: ["string": .string("a\u{9B}2J\u{1B}b\u{85}")])]
        let data = ProjectFile.encode(doc)
        #expect(!data.contains(0x1B))
        #expect(!String(decoding: data, as: UTF8.self).unicodeScalars.contains { $0.value >= 0x80 && $0.value < 0xA0 })
        #expect(String(decoding: data, as: UTF8.self).contains("a\\u009b2J\\u001bb\\u0085"))
        #expect(try ProjectFile.decode(data) == doc)
    }
}
