/// The closed sets of words some layer properties take. The document stores the word (as the
/// project file and the command language spell it); the presentation tree carries the case,
/// parsed once when the frame is evaluated, so nothing downstream compares strings.

/// CAShapeLayer's `lineCap`: how open stroke ends are drawn.
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    case butt, round, square
}

/// CAShapeLayer's `lineJoin`: how stroke corners are drawn.
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    case miter, round, bevel
}

/// CAShapeLayer's `fillRule`: which regions of a self-crossing path are inside.
public enum FillRule: String, Hashable, Sendable, CaseIterable {
    case nonZero, evenOdd
}

/// CATextLayer's `alignmentMode`. `natural` and `justified` lay out like `left` (one line of a
/// left-to-right script, no wrapping).
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    case natural, left, center, right, justified
}

/// CALayer's `contentsGravity`: where contents go inside the bounds.
///
/// NB: `top` means the visual top (y grows downwards), as UIImageView's `.top` does.
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
    case resize, resizeAspect, resizeAspectFill, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight
}

/// CAGradientLayer's `type`: along a line, out from a centre, or around a centre.
public enum GradientType: String, Hashable, Sendable, CaseIterable {
    case axial, radial, conic
}

/// CAEmitterLayer's `emitterShape`: where particles start.
public enum EmitterShape: String, Hashable, Sendable, CaseIterable {
    case point, line, rectangle, cuboid, circle, sphere
}

/// CAEmitterLayer's `emitterMode`: which part of the emitter shape emits.
public enum EmitterMode: String, Hashable, Sendable, CaseIterable {
    case points, outline, surface, volume
}

/// CAEmitterLayer's `renderMode`: the order particles are drawn in, or additive blending.
public enum EmitterRenderMode: String, Hashable, Sendable, CaseIterable {
    case unordered, oldestFirst, oldestLast, backToFront, additive
}
