import Foundation
import LayerLabCore
import LayerLabProject
import Testing

/// Pins the exact bytes of a small project: key order, indentation, number and colour forms.
/// `docs/project-format.md` shows the same file, so a change here means a change there.
@Suite struct FormatExampleTests {
    static var document: Document {
        var d = Document()
        d.canvas.size = Size(100, 100)
        d.canvas.background = Color(bytes: 16, 16, 32)
        d.canvas.duration = .add(.end("reveal"), .number(0.5))
        d.paths = [NamedPath(name: "tri", path: Path([.move(Point(35, 95)), .line(Point(50, 42.5)), .line(Point(65, 95)), .close]))]
        let label = Layer(name: "label", kind: .text, properties: [
            "string": .string("S"), "fontSize": .number(48), "foregroundColor": .color(Color(1, 0.5, 0)),
        ])
        d.layers = [
            Layer(name: "oval", kind: .shape, properties: [
                "position": .point(Point(50, 50)),
                "path": .path(Path([.move(Point(0, 0)), .cubic(Point(10, 0), Point(20, 10), Point(20, 20)), .close])),
                "fillColor": .color(Color(bytes: 209, 42, 24)),
                "lineDashPattern": .list([.number(4), .number(2)]),
                "mask": .string("label"),
            ], sublayers: [label]),
        ]
        var grow = Animation(name: "grow", layer: "oval", body: .basic(.init(keyPath: "transform.scale", from: .number(0.1), to: .number(1))))
        grow.timing.duration = 0.3
        grow.timing.timingFunction = .easeOut
        grow.timing.fillMode = .forwards
        var wobble = Animation(name: "wobble", layer: "oval", body: .keyframes(.init(
            keyPath: "path", values: [.pathRef("tri"), .path(Path([.move(Point(0, 0)), .line(Point(1, 1))]))],
            keyTimes: [0, 1], timingFunctions: [.cubic(0.3, 0, 0.2, 1.4)])))
        wobble.timing.beginTime = .end("grow")
        wobble.timing.repeatCount = .infinity
        wobble.timing.autoreverses = true
        let pop = Animation(name: "pop", layer: "label", body: .spring(.init(keyPath: "position.y", to: .number(20), form: .dampingRatio(0.5, initialVelocity: 0))))
        var reveal = Animation(name: "reveal", layer: "oval", body: .group(.init(children: [
            Animation(name: "", layer: "oval", body: .basic(.init(keyPath: "strokeEnd", from: .number(0), to: .number(1)))),
            Animation(name: "fade", layer: "oval", body: .basic(.init(keyPath: "opacity", to: .number(0)))),
        ], sequence: true)))
        reveal.timing.beginTime = .add(.end("grow"), .number(0.1))
        d.animations = [grow, wobble, pop, reveal]
        d.events = [Event(name: "show", time: .number(1.5), layer: "label", assignments: [Assignment(keyPath: "hidden", value: .bool(false))])]
        return d
    }

    static let text = """
    {
      "format": "layerlab-project",
      "version": 1,
      "canvas": {
        "size": [100, 100],
        "background": "#101020",
        "duration": "reveal.end + 0.5"
      },
      "paths": [
        {
          "name": "tri",
          "data": "M 35 95 L 50 42.5 L 65 95 Z"
        }
      ],
      "layers": [
        {
          "name": "oval",
          "kind": "shape",
          "properties": {
            "position": [50, 50],
            "mask": "label",
            "path": "M 0 0 C 10 0 20 10 20 20 Z",
            "fillColor": "#d12a18",
            "lineDashPattern": [4, 2]
          },
          "sublayers": [
            {
              "name": "label",
              "kind": "text",
              "properties": {
                "string": "S",
                "fontSize": 48,
                "foregroundColor": [1, 0.5, 0, 1]
              }
            }
          ]
        }
      ],
      "animations": [
        {
          "name": "grow",
          "layer": "oval",
          "kind": "basic",
          "keyPath": "transform.scale",
          "from": 0.1,
          "to": 1,
          "duration": 0.3,
          "fillMode": "forwards",
          "timingFunction": "easeOut"
        },
        {
          "name": "wobble",
          "layer": "oval",
          "kind": "keyframes",
          "keyPath": "path",
          "values": [
            {"ref": "tri"},
            "M 0 0 L 1 1"
          ],
          "keyTimes": [0, 1],
          "timingFunctions": [
            [0.3, 0, 0.2, 1.4]
          ],
          "beginTime": "grow.end",
          "repeatCount": "inf",
          "autoreverses": true
        },
        {
          "name": "pop",
          "layer": "label",
          "kind": "spring",
          "keyPath": "position.y",
          "to": 20,
          "dampingRatio": 0.5
        },
        {
          "name": "reveal",
          "layer": "oval",
          "kind": "group",
          "beginTime": "grow.end + 0.1",
          "sequence": true,
          "children": [
            {
              "kind": "basic",
              "keyPath": "strokeEnd",
              "from": 0,
              "to": 1
            },
            {
              "name": "fade",
              "kind": "basic",
              "keyPath": "opacity",
              "to": 0
            }
          ]
        }
      ],
      "events": [
        {
          "name": "show",
          "time": 1.5,
          "layer": "label",
          "set": [
            {
              "keyPath": "hidden",
              "value": false
            }
          ]
        }
      ]
    }

    """

    @Test func exampleEncodesToTheDocumentedText() {
        let out = String(decoding: ProjectFile.encode(FormatExampleTests.document), as: UTF8.self)
        #expect(out == FormatExampleTests.text)
    }

    @Test func theDocumentationShowsThisExample() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/project-format.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let block = text.components(separatedBy: "```json\n").last?.components(separatedBy: "```").first
        #expect(block == FormatExampleTests.text)
        #expect(try ProjectFile.decode(Data((block ?? "").utf8)) == FormatExampleTests.document)
    }

    @Test func exampleDecodesToTheDocument() throws {
        #expect(try ProjectFile.decode(Data(FormatExampleTests.text.utf8)) == FormatExampleTests.document)
    }

    /// Hand-written files may use the friendlier forms; saving writes the canonical ones.
    @Test func handWrittenFormsAreAccepted() throws {
        let text = """
        {"format": "layerlab-project", "version": 1,
         "canvas": {"background": "orange"},
         "layers": [{"name": "a", "kind": "shape", "properties": {
            "fillColor": "#f80", "strokeColor": [0, 0, 1], "path": "m 0 0 h 10 v 10 z"}}],
         "animations": [{"name": "b", "layer": "a", "kind": "basic", "keyPath": "opacity",
            "timingFunction": "curveEaseInOut", "beginTime": "after c + 1"},
            {"name": "c", "layer": "a", "kind": "basic", "keyPath": "transform.rotation"}]}
        """
        let doc = try ProjectFile.decode(Data(text.utf8))
        #expect(doc.canvas.background == Color(1, 0.5, 0))
        #expect(doc.canvas.size == Size(200, 200))
        #expect(doc.layers[0].properties["fillColor"] == .color(Color(bytes: 255, 136, 0)))
        #expect(doc.layers[0].properties["path"] == .path(Path([.move(.zero), .line(Point(10, 0)), .line(Point(10, 10)), .close])))
        #expect(doc.animations[0].timing.timingFunction == .easeInEaseOut)
        #expect(doc.animations[0].timing.beginTime == .add(.end("c"), .number(1)))
        #expect(doc.animations[1].keyPath == "transform.rotation")
    }

    @Test func isProjectRecognisesProjectsEvenDamagedOnes() {
        let data = ProjectFile.encode(FormatExampleTests.document)
        #expect(ProjectFile.isProject(data))
        #expect(ProjectFile.isProject(data.prefix(80)))
        #expect(!ProjectFile.isProject(Data("canvas size=100x100\n".utf8)))
        #expect(!ProjectFile.isProject(Data("{\"v\": \"5.7\", \"layers\": []}".utf8)))
    }
}
