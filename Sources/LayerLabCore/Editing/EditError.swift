/// Why a document edit was refused. The document is unchanged whenever one is thrown.
///
/// Core errors know nothing about source text: the command language attaches a position and
/// renders the message (see `LayerLabScript.Diagnostic`).
package enum EditError: Error, Hashable, Sendable {
    case emptyName
    /// Names are letters, digits and `_`, not starting with a digit (animations may add dots).
    case invalidName(String)
    case reservedName(String)
    /// The name is taken; `by` says what holds it.
    case duplicateName(String, by: NameKind)
    case noSuchLayer(String)
    case noSuchAnimation(String)
    case noSuchPath(String)
    /// Not a layer, animation, event or path.
    case noSuchName(String)
    /// The key path does not exist for a layer of this kind.
    case unknownKeyPath(String, kind: LayerKind)
    case notAnimatable(String)
    case wrongType(keyPath: String, expected: ValueType)
    case invalidValue(keyPath: String, reason: String)
    /// A number outside the property's range (`lineWidth=-3`); the key path may name the part
    /// (`bounds height`).
    case outOfRange(keyPath: String, ValueRange, found: Double)
    /// A time expression names something that has no begin or end.
    case unknownTimeReference(String)
    /// Following these names' time expressions leads back to the first one.
    case timeCycle([String])
    /// A layer cannot move into itself or one of its own sublayers.
    case moveIntoOwnSublayer(layer: String, parent: String)
    case maskIsSelf(String)
    /// The name is still used by something that would be left dangling.
    case stillReferenced(String, by: String)
    case indexOutOfRange(Int, count: Int)
    /// Layers would nest deeper than the limit.
    case tooDeep(Int)
    /// A cell outside an emitter, or a layer inside a cell (`LayerKind.placementProblem`).
    case misplaced(String)
    /// A timing attribute out of its range (negative duration, zero-length group…).
    case invalidTiming(attribute: String, reason: String)
    /// An animation's shape is wrong; `attribute` names the attribute at fault, if one is.
    case invalidAnimation(String, attribute: String? = nil)

    /// The sentence users read, without position (the script layer adds that).
    package var message: String {
        switch self {
        case .emptyName: return "a name cannot be empty"
        case .invalidName(let n):
            return "'\(n)' is not a valid name (use letters, digits and _, not starting with a digit)"
        case .reservedName(let n): return "'\(n)' is a reserved word and cannot be a name"
        case .duplicateName(let n, let by): return "the name '\(n)' is already used by \(by.article) \(by)"
        case .noSuchLayer(let n): return "no layer named '\(n)'"
        case .noSuchAnimation(let n): return "no animation named '\(n)'"
        case .noSuchPath(let n): return "no path named '\(n)'"
        case .noSuchName(let n): return "no layer, animation, event or path named '\(n)'"
        case .unknownKeyPath(let k, let kind): return "unknown key path '\(k)' for a \(kind.rawValue) layer"
        case .notAnimatable(let k): return "'\(k)' is not animatable"
        case .wrongType(let k, let t): return "\(k) takes a \(t.displayName)"
        case .invalidValue(let k, let reason): return "bad value for \(k): \(reason)"
        case .outOfRange(let k, let r, let found): return "\(k) \(r.requirement), found \(formatFoundNumber(found))"
        case .unknownTimeReference(let n): return "no animation or event named '\(n)' to take a time from"
        case .timeCycle(let names):
            return "time expressions would form a cycle: " + (names + [names.first ?? ""]).joined(separator: " → ")
        case .moveIntoOwnSublayer(let l, let p):
            return p == l ? "cannot move '\(l)' into itself" : "cannot move '\(l)' into its own sublayer '\(p)'"
        case .misplaced(let reason): return reason
        case .maskIsSelf(let l): return "'\(l)' cannot mask itself"
        case .stillReferenced(let n, let by): return "'\(n)' is still used by \(by)"
        case .indexOutOfRange(let i, let c): return "index \(i) is out of range 0…\(c)"
        case .tooDeep(let n): return "layers cannot nest more than \(n) levels deep"
        case .invalidTiming(let a, let r): return "\(a) \(r)"
        case .invalidAnimation(let r, _): return r
        }
    }
}

/// What a document name belongs to. Layers, animations, events and paths share one namespace,
/// so `delete NAME`, `set NAME` and `NAME.end` are never ambiguous.
package enum NameKind: String, Hashable, Sendable {
    case layer, animation, event, path

    var article: String { self == .animation || self == .event ? "an" : "a" }
}
