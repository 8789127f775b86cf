// Stubs of the QuartzCore and Core Graphics API the Swift export uses, written from Apple's
// documented signatures (types, optionality, argument labels), so generated code can be
// type-checked on Linux. Bodies are empty: nothing here runs.
@_exported import Foundation

public typealias CFTimeInterval = Double

public func CACurrentMediaTime() -> CFTimeInterval { 0 }

open class CGPath {}
open class CGMutablePath: CGPath {
    public override init() {}
    public func move(to point: CGPoint) {}
    public func addLine(to point: CGPoint) {}
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {}
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {}
    public func closeSubpath() {}
}
open class CGColor {}
open class CGImage {}

public protocol CAMediaTiming {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
}

public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

open class CAMediaTimingFunction: NSObject {
    public init(name: CAMediaTimingFunctionName) {}
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {}
}

/// Apple's requirements are `optional` (an Objective-C protocol); Swift without Objective-C
/// interop cannot say that, so here both are required (the generated code implements both).
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

open class CAAnimation: NSObject, CAMediaTiming {
    public override init() {}
    open var delegate: CAAnimationDelegate?
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses: Bool = false
    open var fillMode: CAMediaTimingFillMode = .removed
    open var isRemovedOnCompletion: Bool = true
    open var timingFunction: CAMediaTimingFunction?
}

open class CAPropertyAnimation: CAAnimation {
    public convenience init(keyPath path: String?) { self.init() }
    open var keyPath: String?
    open var isAdditive: Bool = false
    open var isCumulative: Bool = false
}

open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?
}

open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
}

open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
    open var settlingDuration: CFTimeInterval { 0 }
}

open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?
}

open class CATransaction: NSObject {
    open class func begin() {}
    open class func commit() {}
    open class func setDisableActions(_ flag: Bool) {}
    open class func setAnimationDuration(_ dur: CFTimeInterval) {}
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {}
}

open class CALayer: NSObject, CAMediaTiming {
    public override init() {}
    open var name: String?
    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var position: CGPoint = .zero
    open var anchorPoint: CGPoint = .zero
    open var zPosition: CGFloat = 0
    open var opacity: Float = 1
    open var isHidden: Bool = false
    open var masksToBounds: Bool = false
    open var isGeometryFlipped: Bool = false
    open var mask: CALayer?
    open var sublayers: [CALayer]?
    open var superlayer: CALayer? { nil }
    open var backgroundColor: CGColor?
    open var borderColor: CGColor?
    open var borderWidth: CGFloat = 0
    open var cornerRadius: CGFloat = 0
    open var contents: Any?
    open var contentsGravity: CALayerContentsGravity = .resize
    open var contentsScale: CGFloat = 1
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses: Bool = false
    open var fillMode: CAMediaTimingFillMode = .removed
    open func addSublayer(_ layer: CALayer) {}
    open func add(_ anim: CAAnimation, forKey key: String?) {}
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval { t }
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {}
}

open class CAShapeLayer: CALayer {
    open var path: CGPath?
    open var fillColor: CGColor?
    open var fillRule: CAShapeLayerFillRule = .nonZero
    open var strokeColor: CGColor?
    open var strokeStart: CGFloat = 0
    open var strokeEnd: CGFloat = 1
    open var lineWidth: CGFloat = 1
    open var miterLimit: CGFloat = 10
    open var lineCap: CAShapeLayerLineCap = .butt
    open var lineJoin: CAShapeLayerLineJoin = .miter
    open var lineDashPhase: CGFloat = 0
    open var lineDashPattern: [NSNumber]?
}

open class CATextLayer: CALayer {
    open var string: Any?
    open var fontSize: CGFloat = 36
    open var foregroundColor: CGColor?
    open var alignmentMode: CATextLayerAlignmentMode = .natural
    open var isWrapped: Bool = false
}
