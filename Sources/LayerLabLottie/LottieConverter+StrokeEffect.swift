import LayerLabCore

/// After Effects' Stroke effect (`ty` 22): a round brush drawn along the layer's masks, the
/// classic write-on. Drawn as lottie-web draws it, the player After Effects users check their
/// exports in: the brush is twice Brush Size wide with round ends, Start and End trim it,
/// Spacing breaks it into dots, and Paint Style puts it over the layer, alone, or makes it
/// the shape through which the layer shows. Under a stroke painted over the layer or alone
/// the masks only give the brush its path: they no longer cut the layer (lottie-web takes
/// the mask off the layer).
extension LottieConverter {
    /// The effect's Paint Style.
    enum StrokePaint: Int {
        case onOriginal = 1, onTransparent = 2, revealOriginal = 3
    }

    /// What a Stroke effect adds: the brush's layer (nil when it strokes no mask) and how it
    /// paints.
    struct StrokeEffect {
        var layer: Layer?
        var paint: StrokePaint
    }

    /// The effect's controls: by position when all eleven are written (as Bodymovin writes
    /// them), else by their After Effects names (hand-written files list a few, in any order).
    private struct StrokeControls {
        static let names = ["path", "all masks", "stroke sequentially", "color", "brush size", "brush hardness",
                            "opacity", "start", "end", "spacing", "paint style"]
        let controls: [LottieProperty?]

        init(_ e: LottieEffect) {
            controls = Self.names.indices.map { i in
                e.controls.count >= Self.names.count ? e.controls[i].value
                    : e.controls.first { $0.name.lowercased() == Self.names[i] }?.value
            }
        }

        subscript(_ name: String) -> LottieProperty? { controls[Self.names.firstIndex(of: name)!] }
        func number(_ name: String, _ fallback: Double) -> Double { self[name]?.number(at: 0, fallback) ?? fallback }
    }

    /// The Stroke effect of `l`, whose node is named `owner`.
    mutating func strokeEffect(_ e: LottieEffect, _ l: LottieLayer, owner: String) -> StrokeEffect {
        let who = display(l.name)
        let c = StrokeControls(e)
        let paint = StrokePaint(rawValue: clampedInt(c.number("paint style", 1), 0, 4)) ?? .onOriginal
        let index = clampedInt(c.number("path", 1), 0, l.masks.count + 1) - 1
        let masks = c.number("all masks", 0) != 0 ? l.masks : l.masks.indices.contains(index) ? [l.masks[index]] : []
        guard !masks.isEmpty else { return StrokeEffect(layer: nil, paint: paint) }
        if masks.count > 1, c.number("stroke sequentially", 0) != 0 {
            warnings.add("{stroke effect|stroke effects} drawn along all masks at once, not one after another", who)
        }
        if c.number("brush hardness", 100) < 100 {
            warnings.add("{stroke effect's|stroke effects'} soft brush drawn hard", who)
        }
        let source = Source(layer: who, property: "stroke effect")
        let one = LottieProperty()
        let color = c["color"] ?? one, size = c["brush size"] ?? one, opacity = c["opacity"] ?? one
        let start = c["start"] ?? one, end = c["end"] ?? one, spacing = c["spacing"] ?? one
        // The brushes in one layer, whose opacity they share (where they cross it does not add up).
        var stroke = Layer(name: uniqueName(owner + "_stroke_effect"), kind: .layer)
        setControls([("opacity", [opacity], { f in
            // Written 0…1 by some exporters and 0…100 by others.
            let v = opacity.number(at: f, 1)
            return .number(min(1, max(0, v > 1 ? v / 100 : v)))
        })], on: &stroke, source)
        // Revealing, the brush is a mask: white, whatever its colour.
        let ink: (Double) -> Value = paint == .revealOriginal ? { _ in .color(.white) } : Self.colorControl(color, [1, 1, 1, 1])
        var controls: [(String, [LottieProperty], (Double) -> Value)] = [
            ("strokeColor", [color], ink),
            ("lineWidth", [size], { f in .number(max(0, 2 * size.number(at: f, 1))) }),
        ]
        let trims = [start, end].contains { $0.changes } || start.number(at: 0, 0) != 0 || end.number(at: 0, 100) != 100
        if trims {
            controls.append(("strokeStart", [start, end], { f in .number(min(1, max(0, min(start.number(at: f, 0), end.number(at: f, 100)) / 100))) }))
            controls.append(("strokeEnd", [start, end], { f in .number(min(1, max(0, max(start.number(at: f, 0), end.number(at: f, 100)) / 100))) }))
        }
        // Spacing: dots one unit long, a gap of that percentage of the brush's width between them.
        if spacing.changes || spacing.number(at: 0, 0) > 0 {
            controls.append(("lineDashPattern", [spacing, size], { f in
                .list([.number(1), .number(max(0, 2 * size.number(at: f, 1) * spacing.number(at: f, 0) / 100))])
            }))
        }
        // One brush a mask, each trimmed along its own length.
        for m in masks {
            guard let path = m.path else { continue }
            var brush = Layer(name: uniqueName(stroke.name + "_brush"), kind: .shape)
            brush.properties["fillColor"] = .color(.clear)
            brush.properties["lineCap"] = .string(LineCap.round.rawValue)
            let outline: (Double) -> Value = { f in .path(path.value(at: f)?.shape.map { bezierPath($0) } ?? .empty) }
            setControls([("path", [path], outline)] + controls, on: &brush, source)
            stroke.sublayers.append(brush)
        }
        return StrokeEffect(layer: stroke, paint: paint)
    }
}
