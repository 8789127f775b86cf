import Foundation
import LayerLabCore
import LayerLabScript

/// A document from command-language text (the bench's scenes are written as users write them).
func scriptDocument(_ text: String, name: String) -> Document {
    var s = Session()
    if let d = s.runScript(text, name: name).diagnostic { fatalError("bench scene \(name): \(d)") }
    return s.document
}

/// A ring drawn by animating strokeEnd: the stroke, trim and round caps every frame.
let trimmedCircle = scriptDocument("""
    canvas size=240x96 background=white duration=2
    shape ring position=(120, 48) path=circle(0, 0, 40) fillColor=clear strokeColor=crimson lineWidth=6 lineCap=round
    animate ring strokeEnd from=0 to=1 duration=2 timingFunction=linear
    """, name: "trimmed circle")

/// One filled and stroked circle on a 200x200 canvas.
let oneShape = scriptDocument("""
    canvas size=200x200 background=white
    shape dot position=(100, 100) path=circle(0, 0, 60) fillColor=red strokeColor=black lineWidth=4
    """, name: "one shape")

/// Loads an example script into a document (images are left out: they cost the same each frame).
func exampleDocument(_ path: String) -> Document? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    var s = Session()
    guard s.runScript(text, name: path).diagnostic == nil else { return nil }
    return s.document
}

/// A document with `layers` shape layers and `animations` animations of every kind spread
/// over them, built with a fixed recipe so every run measures the same work.
func benchDocument(layers: Int, animations: Int) -> Document {
    var d = Document()
    d.layers = (0..<layers).map { i in
        Layer(name: "l\(i)", kind: .shape, properties: [
            "position": .point(Point(Double(i % 40) * 5, Double(i / 40) * 5)),
            "path": .path(.circle(center: .zero, radius: 3)),
            "fillColor": .color(Color(1, 0, 0)),
        ])
    }
    for j in 0..<animations {
        let layer = "l\(j % layers)"
        var t = MediaTiming()
        t.beginTime = .number(Double(j % 7) * 0.1)
        t.duration = 0.5 + Double(j % 5) * 0.1
        t.repeatCount = j % 3 == 0 ? .infinity : 2
        t.autoreverses = j % 2 == 0
        t.fillMode = .both
        t.removedOnCompletion = false
        t.timingFunction = j % 4 == 0 ? .easeInEaseOut : nil
        let body: Animation.Body
        switch j % 4 {
        case 0: body = .basic(.init(keyPath: "opacity", from: .number(0), to: .number(1)))
        case 1: body = .basic(.init(keyPath: "position.x", by: .number(20)))
        case 2: body = .keyframes(.init(keyPath: "transform.rotation.z", values: [0, 1, 2].map(Value.number)))
        default: body = .basic(.init(keyPath: "fillColor", to: .color(Color(0, 0, 1))))
        }
        d.animations.append(Animation(name: "a\(j)", layer: layer, timing: t, body: body))
    }
    return d
}
