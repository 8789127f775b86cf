/// Checking values against the types the property table gives key paths.
extension Document {
    /// Throws unless `value` fits `keyPath` on a layer of `kind`: the right type, finite
    /// numbers, a known word, an existing path or layer name.
    package func checkValue(_ value: Value, for keyPath: LayerKeyPath, layer: String) throws(EditError) {
        try checkValue(value, type: keyPath.type, keyPath: keyPath.name, layer: layer)
    }

    /// Throws unless `value` may be stored or scheduled for `keyPath`: `checkValue` plus the
    /// property's range (`lineWidth=-3` is refused here, as the project decoder refuses it).
    package func checkStoredValue(_ value: Value, for keyPath: LayerKeyPath, layer: String) throws(EditError) {
        try checkValue(value, for: keyPath, layer: layer)
        if let bad = keyPath.range.violation(in: value) {
            let part = ValueRange.part(bad.component, of: value)
            throw .outOfRange(keyPath: keyPath.name + (part.map { " " + $0 } ?? ""), keyPath.range, found: bad.number)
        }
    }

    func checkValue(_ value: Value, type: ValueType, keyPath: String, layer: String) throws(EditError) {
        func bad() -> EditError { .wrongType(keyPath: keyPath, expected: type) }
        func finite(_ xs: Double...) throws(EditError) {
            if xs.contains(where: { !$0.isFinite }) {
                throw .invalidValue(keyPath: keyPath, reason: "numbers must be finite")
            }
        }
        switch (type, value) {
        case (.number, .number(let v)): try finite(v)
        case (.bool, .bool): break
        case (.point, .point(let p)): try finite(p.x, p.y)
        case (.size, .size(let s)): try finite(s.width, s.height)
        case (.rect, .rect(let r)): try finite(r.minX, r.minY, r.width, r.height)
        case (.color, .color): break
        case (.path, .path(let p)):
            if p.allPoints.contains(where: { !$0.x.isFinite || !$0.y.isFinite }) {
                throw .invalidValue(keyPath: keyPath, reason: "path coordinates must be finite")
            }
        case (.path, .pathRef(let n)): if pathIndex(named: n) == nil { throw .noSuchPath(n) }
        case (.string, .string): break
        case (.word(let words), .string(let w)):
            if !words.contains(w) { throw .invalidValue(keyPath: keyPath, reason: "expected \(type.displayName)") }
        case (.layerRef, .null): break
        case (.layerRef, .string(let n)):
            guard let target = self.layer(named: n) else { throw .noSuchLayer(n) }
            if n == layer { throw .maskIsSelf(layer) }
            if !target.kind.isLayer { throw .invalidValue(keyPath: keyPath, reason: "'\(n)' is a cell, not a layer") }
        case (.numberList, .list(let xs)):
            for x in xs {
                guard case .number(let v) = x else { throw bad() }
                try finite(v)
            }
        case (.stringList, .list(let xs)):
            if xs.contains(where: { $0.string == nil }) { throw bad() }
        case (.colorList, .list(let xs)):
            if xs.contains(where: { $0.color == nil }) { throw bad() }
        case (.transform, .transform(let ops)):
            for op in ops {
                if case .perspective(let d) = op, !(d > 0) {
                    throw .invalidValue(keyPath: keyPath, reason: "perspective's distance must be above 0")
                }
                if case .perspective = op { continue }
                if op.parameters.contains(where: { !$0.isFinite }) {
                    throw .invalidValue(keyPath: keyPath, reason: "numbers must be finite")
                }
            }
        default: throw bad()
        }
    }

    /// Resolves `text` as a key path of `layer`, throwing the error users see.
    package func resolveKeyPath(_ text: String, on layer: Layer, animatable: Bool = false) throws(EditError) -> LayerKeyPath {
        guard let kp = LayerKeyPath.resolve(text, for: layer.kind) else { throw .unknownKeyPath(text, kind: layer.kind) }
        if animatable && !kp.isAnimatable { throw .notAnimatable(kp.name) }
        return kp
    }
}
