import LayerLabCore

/// One value per property type other than a property's default: the tests that go through
/// every line of the property table (PropertyTableTests, EveryPropertyExportTests) set these,
/// so a new property of an existing type needs no sample of its own.
package enum PropertySamples {
    /// A value of `spec`'s type other than its default (for `kind`), within its range, that
    /// `set` accepts; for a closed set, word number `word` (0: the first that is not the
    /// default). A layer reference is `.null`: only a document can name one of its layers.
    package static func sample(_ spec: PropertySpec, kind: LayerKind? = nil, word: Int = 0) -> Value {
        let d = spec.defaultValue(for: kind)
        switch spec.type {
        case .number:
            let n = d.number ?? 0
            let v = n == 0.75 ? 0.25 : 0.75
            return .number(spec.range.contains(v) ? v : 2)
        case .bool: return .bool(!(d.bool ?? false))
        case .point: return .point(Point((d.point?.x ?? 0) + 0.375, (d.point?.y ?? 0) + 0.625))
        case .size: return .size(Size((d.size?.width ?? 0) + 3, (d.size?.height ?? 0) + 5))
        case .rect: return .rect(Rect(1, 2, 30, 40))
        case .color: return .color(Color(0.2, 0.4, 0.6, 0.8))
        case .path: return .path(.circle(center: Point(3, 4), radius: 5))
        case .string: return .string(spec.name == "contents" ? "art/spark.png" : (d.string ?? "") + "x")
        case .word(let words):
            let others = words.filter { .string($0) != d }
            return .string(word == 0 ? others[0] : words[word % words.count])
        case .numberList: return .list([.number(2), .number(3)])
        case .stringList: return .list([.string("one.png"), .string("two.png")])
        case .colorList: return .list([.color(Color(1, 0, 0)), .color(Color(0, 0, 1))])
        case .transform: return .transform([.translate(3, 4, 0), .rotate(0.5, 0, 0, 1)])
        case .layerRef: return .null
        }
    }
}
