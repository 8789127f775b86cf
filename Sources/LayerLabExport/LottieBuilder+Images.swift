#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
import LayerLabLottie
import LayerLabRaster

/// Image contents as Lottie image assets.
///
/// Every picture a layer shows (a PNG, text art, each flipbook frame) is drawn by LayerLab's
/// own rasterizer at the size it is shown times `imageScale`, with its contentsGravity applied,
/// so players need no decoder for text art and scale nothing but by `1 / imageScale`. Each
/// picture is an image layer (`ty: 2`) parented to the layer, shown (opacity) in the frames
/// where it is the layer's contents: a flipbook switches on LayerLab's own timing. So does a
/// sprite sheet: each contentsRect shown is its own picture, cut out here, so players need
/// neither clipping nor sampling rules of their own.
extension LottieBuilder {
    /// One picture (the `part` of a file, in unit coordinates) at one size.
    struct Placement: Hashable {
        var file: String
        var width: Int
        var height: Int
        var part = Rect(0, 0, 1, 1)
    }

    /// Distinct contentsRects a layer may show before the export says how many pictures it made.
    static let manyParts = 32

    mutating func addImages(_ t: LottieTrack, parent: Int, to comp: inout LottieComp) {
        let scale = options.imageScale.isFinite && options.imageScale > 0 ? min(options.imageScale, 8) : 3
        // Per frame: which picture, and the rectangle it fills.
        var shown: [(Placement, Rect)?] = []
        for p in t.samples.indices {
            let l = t.samples[p]
            guard !l.extras.contents.isEmpty, let image = options.images[l.extras.contents], image.width > 0, image.height > 0 else {
                shown.append(nil); continue
            }
            let part = l.extras.contentsRect
            let dest = l.extras.contentsGravity
                .rect(for: Size(Double(image.width) * part.width, Double(image.height) * part.height), in: l.bounds)
            // Clamped: a picture past the rasterizer's largest side (or not finite) is left out below.
            let big = Rasterizer.maxDimension + 1
            let w = clampedInt((dest.width * scale).rounded(), 0, big), h = clampedInt((dest.height * scale).rounded(), 0, big)
            guard w > 0, h > 0, w <= Rasterizer.maxDimension, h <= Rasterizer.maxDimension else { shown.append(nil); continue }
            shown.append((Placement(file: l.extras.contents, width: w, height: h, part: part), dest))
        }
        let parts = Set(shown.compactMap { $0?.0.part })
        if parts.count > LottieBuilder.manyParts {
            notes.append("\(t.name): contentsRect takes \(parts.count) different values, exported as one picture each")
        }
        let missing = Set(t.samples.map(\.extras.contents)).filter { !$0.isEmpty && options.images[$0] == nil }
        for file in missing.sorted() {
            notes.append("\(t.name): image \(file) was not available, so the export leaves it out")
        }
        var order: [Placement] = []
        for case let (p, _)? in shown where !order.contains(p) { order.append(p) }
        for p in order {
            guard let id = imageAsset(p) else {
                notes.append("\(t.name): image \(p.file) could not be encoded, so the export leaves it out")
                continue
            }
            var held = shown.lazy.compactMap { $0 }.first { $0.0 == p }!.1
            var rects: [Rect] = [], opacity: [Double] = []
            for (f, s) in shown.enumerated() {
                if let s, s.0 == p { held = s.1; opacity.append(t.opacity[f]) } else { opacity.append(0) }
                rects.append(held)
            }
            var image = plainLayer(.image, index: comp.nextIndex(), name: "\(t.name): \(p.file)", parent: parent)
            image.referenceID = id
            image.transform.anchor = LottieSampling.vector([[0, 0, 0]])
            image.transform.position = LottieSampling.vector(rects.map { [$0.minX, $0.minY, 0] })
            image.transform.scale = LottieSampling.vector(rects.map { [$0.width / Double(p.width) * 100, $0.height / Double(p.height) * 100, 100] })
            image.transform.rotation = LottieSampling.scalar([0])
            image.transform.opacity = LottieSampling.scalar(opacity.map { max(0, min(1, $0)) * 100 })
            comp.add(image)
        }
    }

    /// The asset id of a picture at a pixel size, made (rasterized, encoded) the first time.
    mutating func imageAsset(_ p: Placement) -> String? {
        let key = "\(p.file)\u{0}\(p.width)x\(p.height)\u{0}\(p.part)"
        if let id = imageIDs[key] { return id }
        var layer = PresentedLayer(name: "image", kind: .image)
        layer.bounds = Rect(0, 0, Double(p.width), Double(p.height))
        layer.position = Point(Double(p.width) / 2, Double(p.height) / 2)
        layer.extras.contents = p.file
        layer.extras.contentsRect = p.part
        let scene = Scene(time: 0, canvasSize: Size(Double(p.width), Double(p.height)), background: .clear, layers: [layer])
        let bitmap = Rasterizer(images: options.images).render(scene, width: p.width, height: p.height)
        guard let png = options.encodePNG(bitmap) else { return nil }
        let id = addImageAsset(png, width: p.width, height: p.height, name: "image_\(imageIDs.count)")
        imageIDs[key] = id
        return id
    }

    /// An image asset of PNG bytes (embedded, or a file beside the JSON); returns its id.
    mutating func addImageAsset(_ png: Data, width: Int, height: Int, name: String) -> String {
        let id = name
        var asset = LottieAsset()
        asset.id = id
        asset.width = Double(width)
        asset.height = Double(height)
        switch options.assets {
        case .embedded:
            asset.path = "data:image/png;base64," + png.base64EncodedString()
            asset.embedded = true
        case .files(let folder):
            let dir = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
            files.append((dir + id + ".png", png))
            asset.directory = dir
            asset.path = id + ".png"
        }
        assets.append(asset)
        return id
    }
}
