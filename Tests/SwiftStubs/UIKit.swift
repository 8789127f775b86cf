// Stubs of the UIKit API the Swift export uses (iOS), from Apple's documented signatures.
@_exported import QuartzCore

open class UIColor: NSObject {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    open class var clear: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 0) }
    open var cgColor: CGColor { fatalError("stub") }
}

open class UIImage: NSObject {
    public init?(named name: String) {}
    open var cgImage: CGImage? { nil }
}

open class UITraitCollection: NSObject {
    open class var current: UITraitCollection {
        get { UITraitCollection() }
        set {}
    }
    open var displayScale: CGFloat { 2 }
}

@MainActor
open class UIResponder: NSObject {}

/// Only what hosting a scene needs: a view's layer, which is never nil.
@MainActor
open class UIView: UIResponder {
    open var layer: CALayer { CALayer() }
}

extension NSValue {
    public convenience init(cgPoint point: CGPoint) { self.init() }
    public convenience init(cgSize size: CGSize) { self.init() }
    public convenience init(cgRect rect: CGRect) { self.init() }
}
