#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
import LayerLabLottie
import LayerLabRaster

/// Shadows baked into images (`bake`): players that draw no effects (rlottie) still show them.
///
/// Each frame the layer is drawn alone by LayerLab's rasterizer (its superlayers' transforms,
/// clips and perspective, nothing else of them), once with its shadow and once without; where
/// the layer leaves some light through, the difference is the shadow's alpha, exactly as the
/// rasterizer composited it (blur, offset, colour, perspective). That alpha, cropped to where it
/// is not zero, is an image in canvas pixels. Frames that give the same picture share one image
/// asset and one image layer shown over the run of frames, so a shadow that does not change is
/// one image for the whole scene and one that changes costs an image a frame.
extension LottieBuilder {
    /// What the shadow images of one layer cost.
    struct ShadowCost {
        var images = 0
        var bytes = 0
    }

    /// Adds the layer's shadow to `comp` as image layers in canvas coordinates (the bottom of a
    /// canvas-sized precomposition); returns what they cost.
    mutating func addShadowImages(_ name: String, to comp: inout LottieComp) -> ShadowCost {
        var chain: [String] = [name]
        while let up = parents[chain[0]] { chain.insert(up, at: 0) }
        let c = document.canvas
        let w = clampedInt(c.size.width.rounded(), 1, Rasterizer.maxDimension)
        let h = clampedInt(c.size.height.rounded(), 1, Rasterizer.maxDimension)
        let rasterizer = Rasterizer(images: options.images)
        var cost = ShadowCost()
        var assetByPNG: [Data: String] = [:]
        // Runs of frames showing one picture at one place.
        var runs: [(id: String, x: Int, y: Int, from: Int, to: Int)] = []
        // Whether the layer was found in the evaluated tree (a replicator's copy is not: it is
        // made by the export).
        var found = false
        for f in 0...lastFrame {
            guard frames[f][name] != nil, refusal == nil else { continue }
            let scene = evaluator.scene(at: Double(f) / fps)
            let alone = LottieBuilder.isolating(scene.layers, chain: chain[...], keepShadow: true)
            // The cut-down tree is one layer a level, ending with this one when it is there.
            var level = alone
            while let l = level.first, l.name != name { level = l.sublayers }
            guard !level.isEmpty else { continue }
            found = true
            let with = rasterizer.render(Scene(time: scene.time, canvasSize: c.size, background: .clear, layers: alone),
                                         width: w, height: h)
            let without = rasterizer.render(Scene(time: scene.time, canvasSize: c.size, background: .clear,
                                                  layers: LottieBuilder.isolating(scene.layers, chain: chain[...], keepShadow: false)),
                                            width: w, height: h)
            guard let (picture, x, y) = shadowPicture(with, without, color: frames[f][name]!.extras.shadowColor) else { continue }
            guard let png = options.encodePNG(picture) else {
                notes.append("\(name): its shadow could not be encoded as an image, so the bake leaves it out")
                return cost
            }
            let id: String
            if let known = assetByPNG[png] {
                id = known
            } else {
                bakedBytes += png.count * 4 / 3
                if bakedBytes > LottieLimits.bakedFileBytes {
                    refusal = "\(name): its shadow changes in so many frames that the baked images pass"
                        + " \(LottieLimits.count(Double(LottieLimits.bakedFileBytes))) bytes, the limit for a baked Lottie file"
                        + " (players load it whole); lower fps= or export without bake"
                    return cost
                }
                id = addImageAsset(png, width: picture.width, height: picture.height, name: "shadow_\(assets.count)")
                assetByPNG[png] = id
                cost.images += 1
                cost.bytes += png.count
            }
            if let last = runs.last, last.id == id, last.x == x, last.y == y, last.to == f - 1 {
                runs[runs.count - 1].to = f
            } else {
                runs.append((id, x, y, f, f))
            }
        }
        if !found {
            notes.append("\(name): its shadow is not baked (a replicator's copy, or never shown), so it is left out")
        }
        for r in runs {
            var image = plainLayer(.image, index: comp.nextIndex(), name: "shadow of \(name)")
            image.referenceID = r.id
            image.transform = LottieShapes.identityTransform(layer: true)
            image.transform.position = LottieSampling.vector([[Double(r.x), Double(r.y), 0]])
            image.inPoint = Double(r.from)
            image.outPoint = Double(r.to + 1)
            comp.add(image)
        }
        return cost
    }

    /// The shadow alone, from the layer drawn with and without it over nothing: where the layer
    /// covers a pixel by `b`, the shadow beneath shows by (with − b) / (1 − b). Cropped to its
    /// pixels; nil when there are none.
    func shadowPicture(_ with: Bitmap, _ without: Bitmap, color: Color) -> (Bitmap, Int, Int)? {
        let w = with.width, h = with.height
        var alpha = [UInt8](repeating: 0, count: w * h)
        var minX = w, minY = h, maxX = -1, maxY = -1
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                let a = Double(with.pixels[i * 4 + 3]) / 255, b = Double(without.pixels[i * 4 + 3]) / 255
                guard a > b else { continue }
                let s = b < 1 ? (a - b) / (1 - b) : 0
                let byte = UInt8(clampedInt((s * 255).rounded(), 0, 255))
                guard byte > 0 else { continue }
                alpha[i] = byte
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= minX, maxY >= minY else { return nil }
        let cw = maxX - minX + 1, ch = maxY - minY + 1
        let r = UInt8(clampedInt((max(0, min(1, color.r)) * 255).rounded(), 0, 255))
        let g = UInt8(clampedInt((max(0, min(1, color.g)) * 255).rounded(), 0, 255))
        let bl = UInt8(clampedInt((max(0, min(1, color.b)) * 255).rounded(), 0, 255))
        var px = [UInt8](repeating: 0, count: cw * ch * 4)
        for y in 0..<ch {
            for x in 0..<cw {
                let a = alpha[(y + minY) * w + x + minX]
                guard a > 0 else { continue }
                let j = (y * cw + x) * 4
                px[j] = r; px[j + 1] = g; px[j + 2] = bl; px[j + 3] = a
            }
        }
        return (Bitmap(width: cw, height: ch, pixels: px), minX, minY)
    }

    /// The presented tree cut down to the layers of `chain` (root first): the superlayers keep
    /// their transforms, clips and masks but draw nothing and are opaque; the last keeps its
    /// drawing and sublayers at full opacity, with its shadow or without.
    static func isolating(_ layers: [PresentedLayer], chain: ArraySlice<String>, keepShadow: Bool) -> [PresentedLayer] {
        guard let name = chain.first, var l = layers.first(where: { $0.name == name }) else { return [] }
        if l.hidden { return [] }
        l.opacity = 1
        if chain.count == 1 {
            if !keepShadow { l.extras.shadowOpacity = 0 }
            return [l]
        }
        l.backgroundColor = .clear
        l.extras.borderWidth = 0
        l.extras.shadowOpacity = 0
        l.extras.replicator = nil
        switch l.kind {
        case .shape, .text, .image, .gradient, .emitter: l.kind = .layer
        case .layer, .replicator, .transformLayer, .emitterCell: break
        }
        l.sublayers = isolating(l.sublayers, chain: chain.dropFirst(), keepShadow: keepShadow)
        return [l]
    }
}
