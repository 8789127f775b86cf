@testable import LayerLabCore
import Testing

/// Tracks whose values are all numbers or all colours are stacked without building `Value`s
/// (`AnimationTrack.numeric`, `.colorful`). They must present exactly what the general
/// `Value` path presents: the same scene, bit for bit, at every time.
@Suite struct TypedTrackTests {
    static func timing(begin: Double = 0, duration: Double = 0.8, repeats: Double = 1, reverses: Bool = false,
                       fill: FillMode = .both, curve: TimingFunction? = nil, additive: Bool = false) -> MediaTiming {
        var t = MediaTiming()
        t.beginTime = .number(begin)
        t.duration = duration
        t.repeatCount = repeats
        t.autoreverses = reverses
        t.fillMode = fill
        t.removedOnCompletion = false
        t.timingFunction = curve
        t.additive = additive
        return t
    }

    /// Colour and number animations of every body, stacked several to a key path.
    static var document: Document {
        let red = Value.color(Color(1, 0, 0)), blue = Value.color(Color(0, 0, 1, 0.5))
        let green = Value.color(Color(0.1, 0.8, 0.2, 0.9)), shift = Value.color(Color(0.2, -0.1, 0.05, 0))
        var d = Document()
        d.layers = [
            Layer(name: "s", kind: .shape, properties: [
                "path": .path(.circle(center: Point(40, 40), radius: 20)), "fillColor": green,
                "strokeColor": red, "lineWidth": .number(3),
            ]),
            Layer(name: "l", kind: .layer, properties: ["bounds": .rect(Rect(0, 0, 50, 30)), "backgroundColor": blue]),
        ]
        let animations: [(String, MediaTiming, Animation.Body)] = [
            ("s", timing(repeats: 2, reverses: true, curve: .easeInEaseOut),
             .basic(.init(keyPath: "fillColor", from: red, to: blue))),
            ("s", timing(begin: 0.5), .basic(.init(keyPath: "fillColor", to: red))),
            ("s", timing(begin: 0.3, additive: true), .basic(.init(keyPath: "fillColor", by: shift))),
            ("s", timing(begin: 0.1), .basic(.init(keyPath: "strokeColor", from: green, by: shift))),
            ("l", timing(begin: 1.2, fill: .backwards), .basic(.init(keyPath: "borderColor", to: blue, by: shift))),
            ("s", timing(begin: 0.2, duration: 1.1),
             .keyframes(.init(keyPath: "strokeColor", values: [red, green, blue, red], calculationMode: .cubic))),
            ("s", timing(begin: 0.4, duration: 0.9),
             .keyframes(.init(keyPath: "fillColor", values: [blue, red, green], keyTimes: [0, 0.3, 1],
                              calculationMode: .discrete))),
            ("s", timing(duration: 1.5), .keyframes(.init(keyPath: "fillColor", values: [red, green, blue],
                                                           timingFunctions: [.easeIn, .easeOut]))),
            ("l", timing(), .spring(.init(keyPath: "backgroundColor", from: red, to: green,
                                          form: .dampingRatio(0.4, initialVelocity: 1)))),
            ("l", timing(begin: 0.6, additive: true), .spring(.init(keyPath: "backgroundColor", by: shift,
                                                                  form: .physics(mass: 1, stiffness: 120, damping: 8,
                                                                                 initialVelocity: 0)))),
            ("l", timing(begin: 0.2, duration: 1.4), .group(.init(children: [
                Animation(name: "", layer: "l", timing: timing(duration: 0.5), body: .basic(.init(keyPath: "backgroundColor", to: red))),
                Animation(name: "", layer: "l", timing: timing(begin: 0.5, duration: 0.5),
                          body: .basic(.init(keyPath: "opacity", from: .number(1), to: .number(0.2)))),
            ]))),
            ("s", timing(repeats: .infinity, reverses: true), .basic(.init(keyPath: "opacity", from: .number(0.3), to: .number(1)))),
            ("s", timing(begin: 0.2, additive: true), .basic(.init(keyPath: "position.x", by: .number(12)))),
            ("s", timing(duration: 1.3), .keyframes(.init(keyPath: "transform.rotation.z", values: [0, 1, 0.4, 2].map(Value.number),
                                                           calculationMode: .cubicPaced))),
        ]
        d.animations = animations.enumerated().map { i, a in Animation(name: "a\(i)", layer: a.0, timing: a.1, body: a.2) }
        return d
    }

    @Test func typedTracksPresentWhatValuesPresent() {
        let typed = Evaluator(document: Self.document)
        var general = typed
        for i in general.animationTable.tracks.indices {
            general.animationTable.tracks[i].numeric = false
            general.animationTable.tracks[i].colorful = false
        }
        // Some tracks of each kind take the shortcut (else the comparison shows nothing).
        let tracks = typed.animationTable.tracks
        #expect(tracks.filter { $0.colorful }.count >= 8)
        #expect(tracks.contains { $0.numeric })
        for k in 0...80 {
            let t = Double(k) * 0.0371
            let same = typed.scene(at: t) == general.scene(at: t)
            #expect(same, "t=\(t)")
        }
    }
}

/// A frame reads every track and every layer: 1,000 layers of three animations must fit in
/// the processor's cache (2 MB a core here), so a track holds only what a frame reads (the
/// clock without its repeat fields, indices into pools) and a presented layer boxes what
/// most layers leave alone.
@Suite struct FrameFootprintTests {
    @Test func tracksAndLayersStaySmall() {
        #expect(MemoryLayout<FrameClock>.size <= 48)
        #expect(MemoryLayout<AnimationTrack>.stride <= 88)
        #expect(MemoryLayout<PresentedLayer>.stride <= 304)
        #expect(MemoryLayout<PropertySlots.Entry>.stride <= 40)
    }

    /// Boxed fields read and write like the others; writing one unshares the box.
    @Test func boxedFieldsWriteThroughTheirOwnBox() {
        let plain = PresentedLayer(name: "a", kind: .shape)
        var bordered = plain
        bordered.extras.borderWidth = 2
        bordered.extras.borderColor = Color(1, 0, 0)
        bordered.extras.miterLimit = 4
        #expect(plain.boxedFieldsAreDefault && !bordered.boxedFieldsAreDefault)
        #expect(plain.extras.borderWidth == 0 && plain.extras.miterLimit == PresentedLayer(name: "b", kind: .shape).extras.miterLimit)
        #expect(bordered.extras.borderWidth == 2 && bordered.extras.borderColor == Color(1, 0, 0) && bordered.extras.miterLimit == 4)
        #expect(plain != bordered)
    }
}
