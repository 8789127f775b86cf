/// The closed sets of words some layer properties take. The document stores the word (as the
/// project file and the command language spell it); the presentation tree carries the case,
/// parsed once when the frame is evaluated, so nothing downstream compares strings.

/// CAShapeLayer's `lineCap`: how open stroke ends are drawn.
package enum LineCap: String, Hashable, Sendable, CaseIterable {
    case butt, round, square
}

/// CAShapeLayer's `lineJoin`: how stroke corners are drawn.
package enum LineJoin: String, Hashable, Sendable, CaseIterable {
    case miter, round, bevel
}

/// CAShapeLayer's `fillRule`: which regions of a self-crossing path are inside.
package enum FillRule: String, Hashable, Sendable, CaseIterable {
    case nonZero, evenOdd
}

/// CATextLayer's `alignmentMode`. `natural` lays out like `left` (a left-to-right script);
/// `justified` spreads the spaces of lines ended by wrapping to the full width, the last line
/// of each paragraph as `left`.
package enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    case natural, left, center, right, justified
}

/// CATextLayer's `truncationMode`: where a line too long for the bounds loses characters to "…".
package enum TextTruncation: String, Hashable, Sendable, CaseIterable {
    case none, start, end, middle
}

/// The two weights of the built-in vector font.
package enum FontWeight: String, Hashable, Sendable, CaseIterable {
    case regular, bold
}

/// CATextLayer's `font` given by name, as `"Helvetica-Bold"` is. Every name draws with the
/// built-in vector font; the weight is read from the name once (`Bold`, `Semibold`, `Heavy`,
/// `Black`, `Demi` anywhere in it, any case, make it bold).
package struct TextFont: Hashable, Sendable {
    package var name: String
    package let weight: FontWeight

    package init(_ name: String) {
        self.name = name
        weight = TextFont.weight(of: name)
    }

    package static func weight(of name: String) -> FontWeight {
        // Every presented layer starts with the empty font: answer it without searching.
        if name.isEmpty { return .regular }
        let n = name.lowercased()
        let words = ["bold", "heavy", "black", "demi"]
        // ASCII names (all real ones) are searched byte by byte: the generic `contains` costs
        // more than drawing a small frame, and every text layer's font is read at start.
        guard n.utf8.allSatisfy({ $0 < 0x80 }) else { return words.contains(where: n.contains) ? .bold : .regular }
        let bytes = Array(n.utf8)
        for w in words {
            let w = Array(w.utf8)
            guard bytes.count >= w.count else { continue }
            for start in 0...(bytes.count - w.count) where bytes[start..<(start + w.count)].elementsEqual(w) { return .bold }
        }
        return .regular
    }
}

/// CALayer's `contentsGravity`: where contents go inside the bounds.
///
/// NB: `top` means the visual top (y grows downwards), as UIImageView's `.top` does.
package enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
    case resize, resizeAspect, resizeAspectFill, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight
}

/// CAGradientLayer's `type`: along a line, out from a centre, or around a centre.
package enum GradientType: String, Hashable, Sendable, CaseIterable {
    case axial, radial, conic
}

/// CAEmitterLayer's `emitterShape`: where particles start.
package enum EmitterShape: String, Hashable, Sendable, CaseIterable {
    case point, line, rectangle, cuboid, circle, sphere
}

/// CAEmitterLayer's `emitterMode`: which part of the emitter shape emits.
package enum EmitterMode: String, Hashable, Sendable, CaseIterable {
    case points, outline, surface, volume
}

/// CAEmitterLayer's `renderMode`: the order particles are drawn in, or additive blending.
package enum EmitterRenderMode: String, Hashable, Sendable, CaseIterable {
    case unordered, oldestFirst, oldestLast, backToFront, additive
}

/// How a layer's pixels combine with what is already drawn beneath it (LayerLab's `blendMode`).
///
/// The first sixteen are the blend modes of After Effects and Lottie (`bm` 0–15, in that order)
/// and of the W3C compositing and blending specification; the rest are Porter–Duff operators,
/// named as Core Graphics names them (`CGBlendMode`), which combine coverage: how a list of
/// Lottie mask paths is added, subtracted, intersected and differenced. Core Animation on iOS
/// has none of them; on macOS a layer's `compositingFilter` names the blend modes.
package enum BlendMode: String, Hashable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
    case difference, exclusion, hue, saturation, color, luminosity
    case sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut, destinationAtop, xor
    case plusLighter

    /// Lottie's `bm` number of a blend mode, nil for the Porter–Duff operators (Lottie has none).
    package var lottieNumber: Int? {
        guard let i = BlendMode.allCases.firstIndex(of: self), i < 16 else { return nil }
        return i
    }

    /// The blend mode of Lottie's `bm` number, nil when out of 0…16. `bm` 16 is After
    /// Effects' Add, the channels summed: `plusLighter`, as ThorVG draws it (read only: exports
    /// do not write it, since lottie-web and rlottie draw it as normal).
    package init?(lottieNumber n: Int) {
        if n == 16 { self = .plusLighter; return }
        guard n >= 0, n < 16 else { return nil }
        self = BlendMode.allCases[n]
    }

    /// Whether the mode mixes colours with a blend function (the W3C separable and non-separable
    /// modes); the others are Porter–Duff operators (or plain source-over).
    package var isBlendFunction: Bool { lottieNumber.map { $0 > 0 } ?? false }

    /// Whether the operator changes the destination where the source draws nothing (source in
    /// and out, destination in and atop clear it there), so it acts on the whole surface.
    package var clearsOutsideSource: Bool {
        switch self {
        case .sourceIn, .sourceOut, .destinationIn, .destinationAtop: return true
        default: return false
        }
    }
}

/// How a masked layer reads its mask layer's pixels (LayerLab's `maskMode`): Core Animation's
/// `mask` reads alpha; the others are After Effects' and Lottie's track mattes (`tt` 1–4, in
/// this order), which Core Animation has no way to say.
package enum MaskMode: String, Hashable, Sendable, CaseIterable {
    case alpha, alphaInverted, luminance, luminanceInverted

    /// Lottie's `tt` number of a mask mode.
    package var lottieNumber: Int { MaskMode.allCases.firstIndex(of: self)! + 1 }

    /// The mask mode of Lottie's `tt` number, nil when out of 1…4.
    package init?(lottieNumber n: Int) {
        guard n >= 1, n <= 4 else { return nil }
        self = MaskMode.allCases[n - 1]
    }
}
