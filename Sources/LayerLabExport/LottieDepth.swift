#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLabCore

/// 3D as far as Lottie goes: flat layers.
///
/// Lottie layers are 2D (rlottie and lottie-ios draw no `ddd` layers with perspective), so each
/// layer's 3D transform is replaced, frame by frame, by the 2D transform that puts it where Core
/// Animation shows it. Where the layer's plane reaches the screen by an affine map (no
/// perspective, or a plane facing the viewer, whatever its depth) that is exact; where
/// perspective foreshortens it, the affine map that agrees with it at the layer's centre (its
/// position and its stretch there) stands in, and the export says so. A layer that is not
/// double-sided is hidden in the frames it faces away, as Core Animation hides it.
extension LottieBuilder {
    /// What flattening a frame found, by layer name.
    struct DepthNotes {
        var foreshortened: Set<String> = []
        var skewed: Set<String> = []
        /// This frame's extra parents of sheared layers (see `sheared`), by layer name.
        var shearParents: [String: PresentedLayer] = [:]
        /// transformLayers whose sublayers' depth order differs from the drawing order.
        var reordered: Set<String> = []
        /// Each transformLayer's sublayers back to front by depth in the first frame: the order
        /// the export draws them in.
        var firstOrder: [String: [String]] = [:]
        /// Whether the frame being flattened needed a stand-in for perspective or depth order.
        var approximated = false
        /// `bake`: layers seen in perspective are drawn exactly (`warps`), not noted as stand-ins.
        var bake = false
        /// This frame's warps of layers seen in perspective (`bake` only), by layer name.
        var warps: [String: LottieWarp] = [:]
        /// Layers in perspective whose content `bake` cannot warp (text, images, gradients, particles).
        var unbakeable: Set<String> = []

        /// One sentence per loss, layers by name.
        var sentences: [String] {
            foreshortened.sorted().map { "\($0): seen in perspective, it is drawn without foreshortening in Lottie (the flat map matching it at its centre); export with bake (--bake) to draw it as paths keyed at every frame" }
                + unbakeable.sorted().map { "\($0): seen in perspective, its content is drawn without foreshortening even with bake (only backgrounds, borders, shape paths and text are baked)" }
                + skewed.sorted().map { "\($0): its 3D transform skews it; Lottie keeps its rotation and scales without the skew" }
                + reordered.sorted().map { "\($0): its sublayers change depth order; Lottie draws them in their order at the start" }
        }
    }

    /// The presented tree with every layer's transform 2D (relative to its superlayer), its
    /// superlayers' `sublayerTransform` folded in.
    static func flatteningDepth(_ layers: [PresentedLayer], notes: inout DepthNotes) -> [PresentedLayer] {
        flatten(layers, parent: .identity, parentMap: .identity, parentActual: .identity, parentKind: .layer,
                parentHasSublayerTransform: false, shearable: true, notes: &notes)
    }

    /// `parent` maps the superlayer's sublayer space to the screen in 3D, as the rasterizer
    /// chains it; `parentMap` is the superlayer's own 2D map to the screen in the export.
    /// `parentActual` is the map the superlayer's Lottie layer really has (it differs from
    /// `parentMap` where a stand-in could not be placed exactly).
    private static func flatten(_ layers: [PresentedLayer], parent: Transform3D, parentMap: AffineTransform,
                                parentActual: AffineTransform, parentKind: LayerKind, parentHasSublayerTransform: Bool,
                                shearable: Bool, notes: inout DepthNotes) -> [PresentedLayer] {
        layers.map { original in
            var l = original
            let inDepth = !l.isFlat || parentKind == .transformLayer || parentHasSublayerTransform
            let m3 = l.isFlat && parent.isAffinePlane
                ? Transform3D(l.transformToSuperlayer).concatenating(parent)
                : l.transform3DToSuperlayer.concatenating(parent)
            let plane = m3.planar
            let centre = Point(l.bounds.midX, l.bounds.midY)
            let flatMap = affine(plane, over: l.bounds)
            // A transformLayer's sublayers live in its 3D space, not its plane.
            let children = l.kind == .transformLayer
                ? l.sublayerTransformAboutAnchor.concatenating(m3)
                : l.sublayerTransformAboutAnchor.concatenating(Transform3D.flatteningZ).concatenating(m3)
            var map = l.transformToSuperlayer.concatenating(parentMap)
            if inDepth {
                if l.kind == .transformLayer {
                    // It draws nothing: placed at its position, unturned, so its sublayers'
                    // maps relative to it never degenerate.
                    var unturned = l
                    unturned.rotation = 0; unturned.extras.rotationX = 0; unturned.extras.rotationY = 0
                    unturned.scaleX = 1; unturned.scaleY = 1; unturned.extras.scaleZ = 1; unturned.extras.transformMatrix = .identity
                    let own = unturned.transform3DToSuperlayer.concatenating(parent).planar
                    map = affine(own, over: l.bounds) ?? approximation(own, at: centre) ?? map
                } else if let flatMap {
                    map = flatMap
                } else {
                    if !notes.bake || !LottieWarp.bakes(l.kind) {
                        notes.foreshortened.insert(l.name)
                        notes.approximated = true
                    }
                    map = approximation(plane, at: centre) ?? map
                }
                if !l.extras.isDoubleSided && !plane.facesViewer(at: centre) { l.hidden = true }
                let relative = parentMap.inverted.map { map.concatenating($0) } ?? map
                if shearable, !placed(&l, relative, origin: l.bounds.origin), let (turn, extra) = sheared(relative, l.bounds.origin) {
                    // Turned, then scaled and turned again by an extra parent: any flat map.
                    l.anchorPoint = .zero; l.position = .zero; l.translationX = 0; l.translationY = 0
                    l.rotation = turn; l.scaleX = 1; l.scaleY = 1
                    notes.shearParents[l.name] = extra
                } else if !place(&l, relative) && flatMap != nil {
                    // A stand-in for perspective shears a little; that is part of the stand-in.
                    notes.skewed.insert(l.name)
                    notes.approximated = true
                }
            } else if !l.extras.isDoubleSided && !plane.facesViewer(at: centre) {
                l.hidden = true
            }
            // The map the layer's Lottie layer really has: its placed fields, any extra parent, its superlayer's.
            var placedLayer = l
            placedLayer.extras.rotationX = 0; placedLayer.extras.rotationY = 0; placedLayer.extras.scaleZ = 1; placedLayer.extras.translationZ = 0
            placedLayer.extras.transformMatrix = .identity
            var actual = placedLayer.transformToSuperlayer
            if let extra = notes.shearParents[l.name] { actual = actual.concatenating(extra.transformToSuperlayer) }
            actual = actual.concatenating(parentActual)
            if notes.bake, plane.affine == nil, let back = actual.inverted {
                notes.warps[l.name] = LottieWarp(plane: plane, back: back)
                if !LottieWarp.bakes(l.kind) && !l.hidden {
                    notes.unbakeable.insert(l.name)
                    notes.approximated = true
                }
            }
            l.sublayers = flatten(original.sublayers, parent: children, parentMap: map, parentActual: actual, parentKind: l.kind,
                                  parentHasSublayerTransform: !original.extras.sublayerTransform.isIdentity, shearable: shearable,
                                  notes: &notes)
            // A mask's Lottie layer hangs from its masked layer's, so it has no extra parent.
            l.extras.mask = flatten(original.extras.mask, parent: Transform3D.flatteningZ.concatenating(m3), parentMap: map,
                             parentActual: actual, parentKind: .layer, parentHasSublayerTransform: false, shearable: false,
                             notes: &notes)
            if l.kind == .transformLayer {
                let order = depthOrder(original, space: children)
                if let first = notes.firstOrder[l.name] {
                    // The visible ones must keep their first order.
                    if first.filter(order.contains) != order {
                        notes.reordered.insert(l.name)
                        notes.approximated = true
                    }
                } else {
                    notes.firstOrder[l.name] = depthOrder(original, space: children, visibleOnly: false)
                }
            }
            l.extras.rotationX = 0; l.extras.rotationY = 0; l.extras.scaleZ = 1; l.extras.translationZ = 0
            l.extras.transformMatrix = .identity; l.extras.sublayerTransform = .identity
            return l
        }
    }

    /// A transformLayer's sublayers back to front by the depth of their centres, as the
    /// rasterizer draws them (ties in tree order); only those it shows, unless `visibleOnly` is false.
    static func depthOrder(_ layer: PresentedLayer, space: Transform3D, visibleOnly: Bool = true) -> [String] {
        let shown = layer.sublayers.indices.filter { i in
            guard visibleOnly else { return true }
            let s = layer.sublayers[i]
            guard !s.hidden, s.opacity > 0 else { return false }
            let plane = s.transform3DToSuperlayer.concatenating(space).planar
            return s.extras.isDoubleSided || plane.facesViewer(at: Point(s.bounds.midX, s.bounds.midY))
        }
        func depth(_ i: Int) -> Double {
            let s = layer.sublayers[i]
            let p = s.transform3DToSuperlayer.concatenating(space).apply(s.bounds.midX, s.bounds.midY, 0)
            return p.w != 0 ? p.z / p.w : p.z
        }
        return shown.sorted { depth($0) != depth($1) ? depth($0) < depth($1) : $0 < $1 }.map { layer.sublayers[$0].name }
    }

    /// The plane's map when it is affine over `rect` (w varies by less than a billionth there:
    /// a turn by π leaves rounding in the perspective row), else nil.
    static func affine(_ plane: Projective2D, over rect: Rect) -> AffineTransform? {
        if let exact = plane.affine { return exact }
        let extent = max(abs(rect.minX), abs(rect.maxX), abs(rect.minY), abs(rect.maxY), 1)
        guard plane.m44 != 0, (abs(plane.m14) + abs(plane.m24)) * extent <= 1e-9 * abs(plane.m44) else { return nil }
        var flat = plane
        flat.m14 = 0; flat.m24 = 0
        return flat.affine
    }

    /// The affine map that agrees with `plane` at `p`: the same point and the same derivatives;
    /// nil where the plane is edge-on or behind the eye there.
    static func approximation(_ plane: Projective2D, at p: Point) -> AffineTransform? {
        if let affine = plane.affine { return affine }
        guard plane.w(p) > 0 else { return nil }
        let h = 1e-3
        let x0 = plane.apply(Point(p.x - h, p.y)), x1 = plane.apply(Point(p.x + h, p.y))
        let y0 = plane.apply(Point(p.x, p.y - h)), y1 = plane.apply(Point(p.x, p.y + h))
        let a = (x1.x - x0.x) / (2 * h), b = (x1.y - x0.y) / (2 * h)
        let c = (y1.x - y0.x) / (2 * h), d = (y1.y - y0.y) / (2 * h)
        let q = plane.apply(p)
        return AffineTransform(a: a, b: b, c: c, d: d, tx: q.x - a * p.x - c * p.y, ty: q.y - b * p.x - d * p.y)
    }

    /// A flat map that shears, as a turn (the layer's own rotation, about the bounds' origin)
    /// followed by an extra parent's scales, turn and position: Lottie composes a layer with
    /// its parent, so the two say any flat map. Nil when the map flattens the plane.
    static func sheared(_ m: AffineTransform, _ origin: Point) -> (turn: Double, parent: PresentedLayer)? {
        // The linear part as a column matrix [a c; b d] = Rot(φ) · diag(sx, sy) · Rot(θ).
        let e = (m.a + m.d) / 2, f = (m.a - m.d) / 2, g = (m.b + m.c) / 2, h = (m.b - m.c) / 2
        let q = (e * e + h * h).squareRoot(), r = (f * f + g * g).squareRoot()
        let sx = q + r, sy = q - r
        guard abs(sx) > 1e-12, abs(sy) > 1e-12 else { return nil }
        let a1 = atan2(g, f), a2 = atan2(h, e)
        var extra = PresentedLayer(name: "", kind: .layer)
        extra.anchorPoint = .zero
        extra.rotation = (a2 + a1) / 2
        extra.scaleX = sx; extra.scaleY = sy
        extra.position = m.apply(origin)
        return ((a2 - a1) / 2, extra)
    }

    /// Gives `l` the 2D fields (anchor at the bounds' origin, position, scales, rotation) whose
    /// map to the superlayer is `m`; false when `m` shears, which Lottie layers cannot (the
    /// scales and rotation then keep the first axis and the area).
    static func place(_ l: inout PresentedLayer, _ m: AffineTransform) -> Bool {
        let origin = l.bounds.origin
        if placed(&l, m, origin: origin) { return true }
        let sx = (m.a * m.a + m.b * m.b).squareRoot()
        l.anchorPoint = .zero
        l.translationX = 0; l.translationY = 0
        l.position = m.apply(origin)
        if sx < 1e-12 {
            // Edge-on: nothing to see.
            l.rotation = 0; l.scaleX = 0; l.scaleY = 0
            return true
        }
        l.rotation = atan2(m.b, m.a)
        l.scaleX = sx
        l.scaleY = (m.a * m.d - m.b * m.c) / sx
        return false
    }
}
