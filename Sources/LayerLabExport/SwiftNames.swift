/// Turns LayerLab names into unique Swift identifiers for the generated source.
///
/// Layer and animation names may be Swift keywords (`default`) or clash with each other once
/// `Layer` is appended, so every name goes through one allocator that remembers what it gave out.
struct SwiftNames {
    private var used: Set<String>
    private var given: [String: String] = [:]

    /// Keywords that cannot be plain identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super",
        "throws", "true", "try", "async", "some", "any", "consume", "borrowing", "consuming",
    ]

    /// Every name the generated code uses unqualified (types, functions, locals, helpers), so
    /// no identifier made from a script can shadow one.
    static let apiNames: Set<String> = [
        "root", "paths", "start", "p", "path", "build", "name", "type", "found", "mask", "sublayer", "T",
        "Paths", "makePath", "find", "makeLayers", "addAnimations", "TimedChange", "apply", "anim", "flag",
        "CAAnimationDelegate", "NSObjectProtocol", "MainActor", "Sendable",
        "QuartzCore", "UIKit", "AppKit", "Foundation", "Swift",
        "CALayer", "CAShapeLayer", "CATextLayer", "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation",
        "CAAnimationGroup", "CAAnimation", "CAPropertyAnimation", "CAMediaTimingFunction", "CATransaction",
        "CACurrentMediaTime", "CFTimeInterval", "CGPoint", "CGSize", "CGRect", "CGPath", "CGMutablePath", "CGFloat",
        "CGColor", "CGImage", "NSValue", "NSNumber", "NSNull", "NSObject", "UIColor", "NSColor", "UIImage", "NSImage",
        "UITraitCollection", "NSScreen", "Float", "Double", "Int", "Bool", "String", "Any", "AnyObject", "Optional",
        "Array", "max", "min", "abs", "print",
        "CAEmitterLayer", "CAEmitterCell", "particleImage", "particleScale", "particleDot", "CGContext", "CGColorSpaceCreateDeviceRGB",
        "CGImageAlphaInfo", "UInt32",
    ]

    init(reserved: Set<String>) { used = reserved }

    /// The identifier for `name` in namespace `kind` (the same pair always gets the same answer).
    mutating func identifier(_ name: String, kind: String, suffix: String = "") -> String {
        let key = kind + "\u{0}" + name
        if let g = given[key] { return g }
        var base = ""
        for u in name.unicodeScalars {
            let ok = (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || (u >= "0" && u <= "9") || u == "_"
            base.unicodeScalars.append(ok ? u : "_")
        }
        if base.isEmpty { base = kind }
        if let f = base.unicodeScalars.first, f >= "0" && f <= "9" { base = "_" + base }
        base += suffix
        if SwiftNames.keywords.contains(base) { base += "_" }
        var candidate = base
        var n = 2
        while used.contains(candidate) { candidate = base + String(n); n += 1 }
        used.insert(candidate)
        given[key] = candidate
        return candidate
    }
}
