// Stubs of the AppKit API the Swift export uses (macOS), from Apple's documented signatures.
@_exported import QuartzCore

open class NSColor: NSObject {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    open class var clear: NSColor { NSColor(red: 0, green: 0, blue: 0, alpha: 0) }
    open var cgColor: CGColor { fatalError("stub") }
}

open class NSGraphicsContext: NSObject {}

/// Core Image's filter, by name (AppKit brings Core Image in through QuartzCore).
open class CIFilter: NSObject {
    public init?(name: String) {}
}
open class NSImageRep: NSObject {
    public struct HintKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

open class NSImage: NSObject {
    public typealias Name = String
    public init?(named name: NSImage.Name) {}
    open func cgImage(forProposedRect proposedDestRect: UnsafeMutablePointer<CGRect>?, context referenceContext: NSGraphicsContext?,
                      hints: [NSImageRep.HintKey: Any]?) -> CGImage? { nil }
}

@MainActor
open class NSResponder: NSObject {}

/// Only what hosting a scene needs: a view is layer-backed once `wantsLayer` is set; until then
/// its layer is nil.
@MainActor
open class NSView: NSResponder {
    open var wantsLayer: Bool = false
    open var layer: CALayer?
}

@MainActor
open class NSScreen: NSObject {
    open class var main: NSScreen? { nil }
    open var backingScaleFactor: CGFloat { 2 }
}
