/// How the Swift (QuartzCore) export sets a stored property: part of the property's line in
/// `PropertyTable`, so a new property states it where it is declared and the exporter has no
/// list of names of its own (and no fallback that writes a number into a Bool).
package enum SwiftMapping: Sendable, Equatable {
    /// `layer.NAME = value`, the value spelled as `type`; `name` is Core Animation's name for
    /// the property when it differs from LayerLab's (`hidden` is `isHidden`).
    case property(SwiftType, as: String? = nil)
    /// `layer.setValue(number, forKeyPath: "…")` with LayerLab's name, which is Core
    /// Animation's key path: the transform components, which `CALayer` has no property for.
    case keyPath
    /// Written by a step of the exporter's own, because no single assignment says it.
    case step(SwiftStep)
}

/// How a value is spelled in Swift for the Core Animation property it is assigned to.
package enum SwiftType: Sendable, Equatable {
    /// A number literal (Core Animation's `CGFloat`, `Float` and `CFTimeInterval` all take one).
    case number
    /// A whole number (`Int`, `UInt32`): rounded down and clamped to 0…`max`.
    case integer(max: Double)
    case bool
    /// `CGPoint`, `CGSize`, `CGRect`.
    case point, size, rect
    /// `CGColor?`: a clear or unset colour is still a colour; only an unset value is nil.
    case color
    /// `CGPath?`: an empty path is nil (nothing drawn, or the shadow following the layer's alpha).
    case path
    /// `CATransform3D`, built from the steps.
    case transform3D
    /// A static member of one of Core Animation's string-backed types (`.round`, `.resizeAspect`),
    /// named by the word: the closed set's words are Core Animation's member names.
    case constant
    /// A Swift string.
    case string
    /// A font name as `CFString` (`CATextLayer.font` is a `CFTypeRef`).
    case fontName
    /// An image from the app's asset catalogue as a `CGImage`, nil for none.
    case image
    /// `[NSNumber]?`, nil when empty.
    case numbers
    /// `[Any]?` of `CGColor`s, nil when empty.
    case colors

    /// Whether values of `type` can be spelled this way: the check that keeps a table line from
    /// pairing, say, a boolean property with a number.
    package func spells(_ type: ValueType) -> Bool {
        switch (self, type) {
        case (.number, .number), (.integer, .number), (.bool, .bool), (.point, .point), (.size, .size), (.rect, .rect),
             (.color, .color), (.path, .path), (.transform3D, .transform), (.constant, .word), (.string, .string),
             (.fontName, .string), (.image, .string), (.numbers, .numberList), (.colors, .colorList):
            return true
        default:
            return false
        }
    }
}

/// The properties no single assignment carries into Core Animation, each written by a step of
/// the Swift exporter (named after what it writes).
package enum SwiftStep: Sendable, Equatable {
    /// `transform`: its steps concatenated after the component key paths set before it.
    case transformSteps
    /// `mask`: a reference to another layer, assigned once every layer exists.
    case mask
    /// `frames`, `animationDuration`, `animationRepeatCount`: a keyframe animation of `contents`.
    case flipbook
    /// `frameIndex`: the `contents` of the frame it picks.
    case flipbookFrame
    /// A layer's `beginTime`: relative to the moment the scene is added.
    case layerBeginTime
    /// `blendMode`: a Core Image `compositingFilter` on macOS; nothing on iOS (noted).
    case compositingFilter
    /// `maskMode`: Core Animation masks by alpha only (other modes noted).
    case alphaMask
    /// `timeRemap`: Core Animation has no time remapping (noted).
    case timeRemap
    /// `focalOffset`: CAGradientLayer has no focal point (noted).
    case gradientFocus
    /// `tintAmount`, `tintBlack`, `tintWhite`: Core Animation has no tint (noted once, with the amount).
    case tint
    /// `blurRadius`: a CALayer's `filters` are not drawn on iOS (noted once).
    case blur
    /// A cell's `path` and `contents`: the particle image its `contents` becomes.
    case particleImage
}

/// How the Lottie export carries a stored property.
package enum LottieMapping: Sendable, Equatable {
    /// Drawn: the export samples the presented layers, and its builders turn this property
    /// into the layer's transform, shapes, images, mattes or copies.
    case drawn
    /// Lottie has nothing for it (particles, shadow paths): a layer setting or animating it
    /// gets a note naming it.
    case notInLottie
}
