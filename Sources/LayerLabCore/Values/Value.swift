/// A property or animation value in the document.
///
/// Values keep the form the user gave where it matters for saving: a named path stays a
/// reference (`pathRef`) so editing the named path changes every use of it.
package enum Value: Hashable, Sendable {
    case number(Double)
    case bool(Bool)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case path(Path)
    /// A reference to one of the document's named paths.
    case pathRef(String)
    /// Text, file names, enumeration words (`round`, `evenOdd`) and layer references.
    case string(String)
    case list([Value])
    /// A transform as the list of steps it was written with (`rotate(0.5) translate(10, 0)`).
    case transform([TransformOp])
    /// No value: a mask that is not set, a colour that is nil.
    case null

    package var number: Double? { if case .number(let v) = self { return v }; return nil }
    package var bool: Bool? { if case .bool(let v) = self { return v }; return nil }
    package var point: Point? { if case .point(let v) = self { return v }; return nil }
    package var size: Size? { if case .size(let v) = self { return v }; return nil }
    package var rect: Rect? { if case .rect(let v) = self { return v }; return nil }
    package var color: Color? { if case .color(let v) = self { return v }; return nil }
    package var string: String? { if case .string(let v) = self { return v }; return nil }
    package var list: [Value]? { if case .list(let v) = self { return v }; return nil }
    package var pathRefName: String? { if case .pathRef(let v) = self { return v }; return nil }
    package var transform: [TransformOp]? { if case .transform(let v) = self { return v }; return nil }
}

/// What a number measures, which decides the units it may be written with: `300ms` is a time,
/// `90deg` an angle; a bare number fits either (seconds, radians).
package enum Quantity: Hashable, Sendable {
    case plain, time, angle
}

/// The type a property or key path takes, used to check and parse values.
package enum ValueType: Hashable, Sendable {
    case number, bool, point, size, rect, color, path, string
    /// One of a fixed set of words.
    case word([String])
    /// The name of another layer, or `none`.
    case layerRef
    /// A list of numbers (dash patterns).
    case numberList
    /// A list of strings (flipbook frames).
    case stringList
    /// A list of colours (gradient colours).
    case colorList
    /// A 3D transform written as a list of steps.
    case transform

    /// How the type is named in messages and help.
    package var displayName: String {
        switch self {
        case .number: return "number"
        case .bool: return "boolean"
        case .point: return "point (x, y)"
        case .size: return "size WxH"
        case .rect: return "rect(x, y, w, h)"
        case .color: return "colour"
        case .path: return "path"
        case .string: return "string"
        case .word(let ws): return ws.joined(separator: "|")
        case .layerRef: return "layer name"
        case .numberList: return "list of numbers"
        case .stringList: return "list of strings"
        case .colorList: return "list of colours"
        case .transform: return "transform (translate/rotate/scale/perspective steps)"
        }
    }
}
