import Foundation
import LayerLabCore
import LayerLabProject
import Testing

/// One test per way a project file can be broken: each checks the whole message, so the
/// line, column and JSON path users see are pinned down.
@Suite struct BrokenFileTests {
    static let valid = """
    {
      "format": "layerlab-project",
      "version": 1,
      "canvas": {
        "size": [200, 200],
        "background": "#ffffff"
      },
      "paths": [
        {"name": "tri", "data": "M 0 0 L 10 0 L 5 8 Z"}
      ],
      "layers": [
        {
          "name": "ring",
          "kind": "shape",
          "properties": {
            "position": [100, 100],
            "path": {"ref": "tri"},
            "opacity": 0.5
          }
        }
      ],
      "animations": [
        {
          "name": "grow",
          "layer": "ring",
          "kind": "basic",
          "keyPath": "strokeEnd",
          "from": 0,
          "to": 1,
          "duration": 1
        }
      ],
      "events": []
    }
    """

    /// The valid file with one piece of text replaced (which must occur exactly once).
    func broken(_ old: String, _ new: String) -> String {
        #expect(BrokenFileTests.valid.components(separatedBy: old).count == 2, "'\(old)' must occur once")
        return BrokenFileTests.valid.replacingOccurrences(of: old, with: new)
    }

    func error(_ text: String) -> ProjectFileError? {
        do {
            _ = try ProjectFile.decode(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    func expectError(_ text: String, _ message: String, _ kind: ProjectFileError.Kind,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        guard let e = error(text) else {
            Issue.record("the file was accepted", sourceLocation: sourceLocation)
            return
        }
        #expect(e.description == message, sourceLocation: sourceLocation)
        #expect(e.kind == kind, sourceLocation: sourceLocation)
    }

    @Test func theValidFileLoads() throws {
        let doc = try ProjectFile.decode(Data(BrokenFileTests.valid.utf8))
        #expect(doc.layers.first?.properties["path"] == .pathRef("tri"))
        #expect(doc.animations.first?.timing.duration == 1)
    }

    // MARK: - Not JSON

    @Test func invalidJSON() {
        expectError(broken("\"kind\": \"shape\",", "\"kind\": \"shape\""),
                    "line 15, column 7: at $.layers[0]: invalid JSON: expected ',' or '}', found '\"'", .invalidJSON)
    }

    @Test func trailingComma() {
        expectError(broken("\"to\": 1,\n      \"duration\": 1", "\"to\": 1,"),
                    "line 30, column 5: at $.animations[0]: invalid JSON: a comma before '}' (trailing commas are not JSON)", .invalidJSON)
    }

    @Test func truncatedFile() {
        let text = BrokenFileTests.valid.components(separatedBy: "\"shape\"")[0] + "\"sh"
        expectError(text, "line 14, column 18: at $.layers[0].kind: the file ends too early (truncated?): a string that is never closed (it starts at line 14, column 15)", .invalidJSON)
    }

    @Test func truncatedBetweenValues() {
        let cut = BrokenFileTests.valid.range(of: "\"animations\"")!.lowerBound
        expectError(String(BrokenFileTests.valid[..<cut]), "line 22, column 3: at $: the file ends too early (truncated?): expected a key", .invalidJSON)
    }

    @Test func emptyFile() {
        expectError("", "line 1, column 1: at $: invalid JSON: the file is empty", .invalidJSON)
        expectError("  \n", "line 2, column 1: at $: invalid JSON: the file is empty", .invalidJSON)
    }

    @Test func textAfterTheDocument() {
        expectError(BrokenFileTests.valid + "\n}", "line 35, column 1: at $: invalid JSON: unexpected '}' after the end of the JSON document", .invalidJSON)
    }

    @Test func notUTF8() {
        var bytes = Array(broken("\"name\": \"ring\"", "\"name\": \"r\u{1}ng\"").utf8)
        let i = bytes.firstIndex(of: 0x01)!
        bytes[i] = 0xFF
        do {
            _ = try ProjectFile.decode(Data(bytes))
            Issue.record("accepted")
        } catch {
            #expect(error.description == "line 13, column 15: at $.layers[0].name: the string is not valid UTF-8 text")
        }
    }

    @Test func controlCharacterInString() {
        expectError(broken("\"name\": \"ring\"", "\"name\": \"r\u{1}ng\""),
                    "line 13, column 17: at $.layers[0].name: invalid JSON: a control character inside a string (write it as \\u0001)", .invalidJSON)
    }

    @Test func duplicateKey() {
        expectError(broken("\"opacity\": 0.5", "\"opacity\": 0.5,\n        \"opacity\": 1"),
                    "line 19, column 9: at $.layers[0].properties.opacity: duplicate key \"opacity\" (first at line 18, column 9)", .duplicateKey)
    }

    @Test func nestingTooDeep() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        expectError(deep, "line 1, column 257: at $\(String(repeating: "[0]", count: 256)): invalid JSON: nested more than 256 levels deep", .invalidJSON)
    }

    // MARK: - Not a project

    @Test func foreignFile() {
        expectError("{\"v\": \"5.7.4\", \"layers\": []}", "line 1, column 1: at $: not a LayerLab project: there is no \"format\": \"layerlab-project\"", .notAProject)
        expectError("[1, 2]", "line 1, column 1: at $: not a LayerLab project: expected an object with \"format\": \"layerlab-project\", found an array", .notAProject)
        expectError(broken("\"layerlab-project\"", "\"lottie\""),
                    "line 2, column 13: at $.format: not a LayerLab project: the format is \"lottie\", expected \"layerlab-project\"", .notAProject)
    }

    @Test func newerVersionIsRefused() {
        expectError(broken("\"version\": 1", "\"version\": 2"),
                    "line 3, column 14: at $.version: made by a newer LayerLab (format version 2); this one reads up to 1", .newerVersion(2))
    }

    @Test func newerVersionWinsOverUnknownKeys() {
        expectError(broken("\"version\": 1,", "\"version\": 7,\n  \"timelines\": {},"),
                    "line 3, column 14: at $.version: made by a newer LayerLab (format version 7); this one reads up to 1", .newerVersion(7))
    }

    @Test func badVersion() {
        expectError(broken("\"version\": 1", "\"version\": \"1\""), "line 3, column 14: at $.version: expected a whole number, found \"1\"", .wrongType)
        expectError(broken("\"version\": 1", "\"version\": 0.5"), "line 3, column 14: at $.version: out of range: the version is a whole number from 1, found 0.5", .outOfRange)
        expectError(broken("  \"version\": 1,\n", ""), "line 1, column 1: at $: missing field \"version\" in a project", .missingField)
    }

    // MARK: - Wrong shapes

    @Test func wrongType() {
        expectError(broken("\"opacity\": 0.5", "\"opacity\": \"x\""),
                    "line 18, column 20: at $.layers[0].properties.opacity: expected a number, found \"x\"", .wrongType)
        expectError(broken("\"position\": [100, 100]", "\"position\": [100]"),
                    "line 16, column 21: at $.layers[0].properties.position: expected a point [x, y], found an array of 1", .wrongType)
        expectError(broken("\"events\": []", "\"events\": {}"),
                    "line 33, column 13: at $.events: expected a list of events, found an object", .wrongType)
    }

    @Test func unknownKey() {
        expectError(broken("\"opacity\": 0.5", "\"opacty\": 0.5"),
                    "line 18, column 9: at $.layers[0].properties.opacty: unknown property \"opacty\"; did you mean \"opacity\"?", .unknownKey)
        expectError(broken("\"keyPath\": \"strokeEnd\"", "\"keypath\": \"strokeEnd\""),
                    "line 27, column 7: at $.animations[0].keypath: unknown key \"keypath\" in an animation; did you mean \"keyPath\"?", .unknownKey)
        expectError(broken("\"kind\": \"basic\"", "\"kind\": \"basic\", \"values\": [1]"),
                    "line 26, column 24: at $.animations[0].values: unknown key \"values\" in a basic animation", .unknownKey)
    }

    @Test func propertyOfAnotherKind() {
        expectError(broken("\"kind\": \"shape\"", "\"kind\": \"layer\""),
                    "line 17, column 9: at $.layers[0].properties.path: a layer layer has no property \"path\" (only shape, cell layers do)", .unknownKey)
    }

    @Test func missingField() {
        expectError(broken("\"kind\": \"shape\",", ""),
                    "line 12, column 5: at $.layers[0]: missing field \"kind\" in a layer", .missingField)
        expectError(broken("\"layer\": \"ring\",", ""),
                    "line 23, column 5: at $.animations[0]: missing field \"layer\" in a basic animation", .missingField)
    }

    // MARK: - Out of range

    @Test func outOfRange() {
        expectError(broken("\"duration\": 1", "\"duration\": -1"),
                    "line 30, column 19: at $.animations[0].duration: out of range: must be more than 0, found -1", .outOfRange)
        expectError(broken("\"size\": [200, 200]", "\"size\": [200, 0]"),
                    "line 5, column 19: at $.canvas.size[1]: out of range: must be more than 0, found 0", .outOfRange)
        expectError(broken("\"duration\": 1", "\"repeatCount\": -2"),
                    "line 30, column 22: at $.animations[0].repeatCount: out of range: must be 0 or more (or \"inf\"), found -2", .outOfRange)
        expectError(broken("\"duration\": 1", "\"fillMode\": \"forward\""),
                    "line 30, column 19: at $.animations[0].fillMode: expected one of removed, forwards, backwards, both; found \"forward\" (did you mean \"forwards\"?)", .outOfRange)
        expectError(broken("\"duration\": 1", "\"timingFunction\": [1.5, 0, 0.5, 1]"),
                    "line 30, column 26: at $.animations[0].timingFunction[0]: out of range: a control point's x must be from 0 to 1, found 1.5", .outOfRange)
        expectError(broken("\"opacity\": 0.5", "\"lineWidth\": -2"),
                    "line 18, column 22: at $.layers[0].properties.lineWidth: out of range: must be 0 or more, found -2", .outOfRange)
        expectError(broken("\"opacity\": 0.5", "\"opacity\": 1e999"),
                    "line 18, column 20: at $.layers[0].properties.opacity: number too large: 1e999", .outOfRange)
    }

    @Test func infinityOnlyWhereAllowed() throws {
        let doc = try ProjectFile.decode(Data(broken("\"duration\": 1", "\"repeatCount\": \"inf\"").utf8))
        #expect(doc.animations[0].timing.repeatCount == .infinity)
        expectError(broken("\"opacity\": 0.5", "\"opacity\": \"inf\""),
                    "line 18, column 20: at $.layers[0].properties.opacity: out of range: must be a finite number, found \"inf\"", .outOfRange)
    }

    @Test func opacityOutsideUnitIsAllowed() throws {
        // Core Animation clamps opacity when drawing; springs overshoot it.
        let doc = try ProjectFile.decode(Data(broken("\"opacity\": 0.5", "\"opacity\": 1.5").utf8))
        #expect(doc.layers[0].properties["opacity"] == .number(1.5))
    }

    @Test func badText() {
        expectError(broken("M 0 0 L 10 0 L 5 8 Z", "M 0 0 L 10 x"),
                    "line 9, column 41: at $.paths[0].data: in the path data: expected a number", .invalidText)
        expectError(broken("\"duration\": 1", "\"beginTime\": \"grow.ends + 1\""),
                    "line 30, column 21: at $.animations[0].beginTime: in the time expression \"grow.ends + 1\": expected grow.ends.begin or grow.ends.end", .invalidText)
    }

    // MARK: - References and names

    @Test func danglingMask() {
        expectError(broken("\"opacity\": 0.5", "\"mask\": \"rings\""),
                    "line 18, column 17: at $.layers[0].properties.mask: the mask names no layer \"rings\"; did you mean \"ring\"?", .danglingReference)
        expectError(broken("\"opacity\": 0.5", "\"mask\": \"ring\""),
                    "line 18, column 17: at $.layers[0].properties.mask: a layer cannot mask itself", .outOfRange)
    }

    @Test func danglingTimeReference() {
        expectError(broken("\"duration\": 1", "\"beginTime\": \"fade.end + 0.1\""),
                    "line 30, column 20: at $.animations[0].beginTime: the time expression names no animation or event \"fade\"", .danglingReference)
    }

    @Test func animationOnMissingLayer() {
        expectError(broken("\"layer\": \"ring\"", "\"layer\": \"rink\""),
                    "line 25, column 16: at $.animations[0].layer: no layer named \"rink\"; did you mean \"ring\"?", .danglingReference)
    }

    @Test func danglingPathReference() {
        expectError(broken("{\"ref\": \"tri\"}", "{\"ref\": \"square\"}"),
                    "line 17, column 25: at $.layers[0].properties.path.ref: no path named \"square\"", .danglingReference)
    }

    @Test func unknownKeyPath() {
        expectError(broken("\"keyPath\": \"strokeEnd\"", "\"keyPath\": \"strokeEnds\""),
                    "line 27, column 18: at $.animations[0].keyPath: unknown key path \"strokeEnds\" for a shape layer; did you mean \"strokeEnd\"?", .outOfRange)
    }

    @Test func duplicateNames() {
        expectError(broken("\"name\": \"grow\"", "\"name\": \"ring\""),
                    "line 24, column 15: at $.animations[0].name: the name \"ring\" is already used by the layer at line 13, column 15", .duplicateName)
        expectError(broken("\"name\": \"ring\"", "\"name\": \"tri\""),
                    "line 13, column 15: at $.layers[0].name: the name \"tri\" is already used by the path at line 9, column 14", .duplicateName)
        expectError(broken("\"name\": \"ring\"", "\"name\": \"2ring\""),
                    "line 13, column 15: at $.layers[0].name: \"2ring\" is not a valid name (use letters, digits and _, not starting with a digit)", .outOfRange)
    }

    @Test func timeCycle() {
        let text = broken("\"events\": []", """
        "events": [
            {"name": "a", "time": "b.end", "layer": "ring", "set": []},
            {"name": "b", "time": "grow.end + a.begin", "layer": "ring", "set": []}
          ]
        """).replacingOccurrences(of: "\"duration\": 1", with: "\"beginTime\": \"a.begin\"")
        expectError(text, "line 34, column 27: at $.events[0].time: time expressions depend on each other in a loop: \"a\" → \"b\" → \"a\"", .cycle)
    }
}
