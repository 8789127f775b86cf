import LayerLabCore

/// LayerLab's compositing extensions in the Swift export: what Core Animation can say of them,
/// and a comment and a note for what it cannot.
extension SwiftGenerator {
    /// Core Image's filter for a blend mode, which a macOS layer's `compositingFilter` takes;
    /// nil for the operators Core Image has no compositing filter for.
    static func coreImageFilter(_ mode: BlendMode) -> String? {
        switch mode {
        case .normal: return "CISourceOverCompositing"
        case .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight,
             .difference, .exclusion, .hue, .saturation, .color, .luminosity:
            let name = mode.rawValue
            return "CI" + name.prefix(1).uppercased() + name.dropFirst() + "BlendMode"
        case .sourceIn: return "CISourceInCompositing"
        case .sourceOut: return "CISourceOutCompositing"
        case .sourceAtop: return "CISourceAtopCompositing"
        case .plusLighter: return "CIAdditionCompositing"
        case .destinationOver, .destinationIn, .destinationOut, .destinationAtop, .xor: return nil
        }
    }

    /// The lines setting `blendMode`, `maskMode`, `timeRemap`, `focalOffset`, the tint or the blur on `t`, noting each loss once.
    mutating func compositingExtension(_ step: SwiftStep, _ t: String, _ v: Value, layer: Layer) -> [String] {
        func lost(_ comment: String, _ note: String) -> [String] {
            let line = "\(layer.name): \(note)"
            if !notes.contains(line) { notes.append(line) }
            return ["// \(comment)"]
        }
        switch step {
        case .compositingFilter:
            guard let mode = v.string.flatMap(BlendMode.init(rawValue:)) else { return [] }
            if !iOS, let filter = SwiftGenerator.coreImageFilter(mode) {
                if mode == .normal { return ["\(t).compositingFilter = nil"] }
                return ["\(t).compositingFilter = CIFilter(name: \(SwiftLiteral.string(filter)))"]
            }
            if mode == .normal { return [] }
            return iOS
                ? lost("blendMode \(mode.rawValue): Core Animation on iOS draws no layer blend modes (compositingFilter is macOS only)",
                       "blendMode \(mode.rawValue) is drawn by LayerLab only: Core Animation on iOS has no layer blend modes")
                : lost("blendMode \(mode.rawValue): Core Image has no compositing filter for it, so the layer draws normally",
                       "blendMode \(mode.rawValue) is drawn by LayerLab only: Core Image has no compositing filter for it")
        case .alphaMask:
            guard let mode = v.string.flatMap(MaskMode.init(rawValue:)), mode != .alpha else { return [] }
            return lost("maskMode \(mode.rawValue): Core Animation masks by alpha only, so the mask reads as alpha here",
                        "maskMode \(mode.rawValue) is drawn by LayerLab only: a Core Animation mask reads its alpha")
        case .timeRemap:
            guard let n = v.number, n.isFinite else { return [] }
            return lost("timeRemap \(SwiftLiteral.number(n)): Core Animation has no time remapping; the sublayers keep this layer's time",
                        "timeRemap is drawn by LayerLab only: Core Animation's sublayers follow the layer's own clock")
        case .gradientFocus:
            guard let f = v.point, f != .zero else { return [] }
            return lost("focalOffset (\(SwiftLiteral.number(f.x)), \(SwiftLiteral.number(f.y))): CAGradientLayer has no focal point; the radial gradient stays centred",
                        "focalOffset is drawn by LayerLab only: a CAGradientLayer's radial gradient is always centred")
        case .tint:
            guard let amount = v.number, amount > 0 else { return [] }
            return lost("tintAmount \(SwiftLiteral.number(amount)): Core Animation has no tint (on macOS, CIFalseColor in `filters` maps luminance to two colours at full strength); the layer keeps its colours",
                        "tint is drawn by LayerLab only: Core Animation has no tint effect")
        case .blur:
            guard let r = v.number, r > 0 else { return [] }
            return lost("blurRadius \(SwiftLiteral.number(r)): iOS does not draw a CALayer's `filters` (on macOS, CIGaussianBlur with inputRadius \(SwiftLiteral.number(r / 2)) in `filters` blurs it); the layer stays sharp",
                        "blur is drawn by LayerLab only: iOS does not draw a CALayer's filters")
        case .transformSteps, .mask, .flipbook, .flipbookFrame, .layerBeginTime, .particleImage: return []
        }
    }
}
