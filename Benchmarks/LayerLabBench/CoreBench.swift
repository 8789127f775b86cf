import LayerLabCore

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

func coreBenchmarks() {
    print("## Core: evaluate the presentation tree")
    let doc = benchDocument(layers: 1000, animations: 5000)
    _ = measure("prepare a document (Evaluator: compile), 1,000 layers / 5,000 animations", runs: 9) {
        _ = Evaluator(document: doc)
    }
    let ev = Evaluator(document: doc)
    var t = 0.0
    _ = measure("evaluate the presentation tree at one time, same document") {
        t += 0.0137
        _ = ev.scene(at: t)
    }
    print("   (a document is prepared once per change; each frame then costs only the evaluation)")
}
