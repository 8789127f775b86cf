import LayerLabCore
import Testing
import TestSupport
@testable import LayerLabScript

/// The command language reads what its one value printer (`ValueFormatter`) and Core's one time
/// expression printer write: printed exactly, a value reads back as itself, and printing what
/// was read gives the same text again. Random values from fixed seeds.
struct SyntaxRoundTripTests {
    static let names = ["fade", "grow", "fade.2", "_x", "nan", "a1.b2"]

    static func number(_ g: inout SplitMix64) -> Double {
        switch g.next() % 6 {
        case 0: return Double(Int(g.next() % 2001) - 1000)
        case 1: return Double(Int(g.next() % 2_000_001) - 1_000_000) / 1000
        case 2: return Double(g.next() % 1000) * 1e-7
        case 3: return Double(Int(g.next() % 2001) - 1000) * 1e17
        default:
            // Any finite number, down to subnormals.
            let v = Double(bitPattern: g.next())
            return v.isFinite ? v : 0.5
        }
    }

    static func unit(_ g: inout SplitMix64) -> Double {
        g.next() % 3 == 0 ? Double(g.next() % 256) / 255 : Double(g.next() % 1_000_001) / 1_000_000
    }

    /// A time expression the command language can state: it folds constant arithmetic and a
    /// negated literal (`1 + 2` is 3, `-(1)` is -1), so those never appear; no division by 0.
    static func time(_ g: inout SplitMix64, depth: Int) -> TimeExpr {
        func named(_ g: inout SplitMix64) -> TimeExpr {
            let n = names[Int(g.next() % UInt64(names.count))]
            return g.next() % 2 == 0 ? .begin(n) : .end(n)
        }
        if depth == 0 { return named(&g) }
        let a = time(&g, depth: depth - 1)
        let b = g.next() % 3 == 0 ? TimeExpr.number(number(&g)) : time(&g, depth: depth - 1)
        let (x, y) = g.next() % 2 == 0 ? (a, b) : (b, a)
        switch g.next() % 5 {
        case 0: return .add(x, y)
        case 1: return .subtract(x, y)
        case 2: return .multiply(x, y)
        case 3: return y == .number(0) ? .divide(x, .number(2)) : .divide(x, y)
        default: return .negate(a)
        }
    }

    @Test func timeExpressionsReadBackInScripts() throws {
        var g = SplitMix64(seed: 2828)
        var reader = ValueReader(document: Document())
        reader.extraTimeNames = Set(Self.names)
        for _ in 0..<2000 {
            let t = Self.time(&g, depth: Int(g.next() % 5))
            let text = t.text(.exact)
            let e = try #require(Parser.expression(text), "\(text)")
            let back = try reader.timeExpr(e)
            #expect(back == t, "\(text)")
            #expect(back.text(.exact) == text)
        }
    }

    static func path(_ g: inout SplitMix64) throws -> Path {
        var d = "M \(number(&g)) \(number(&g))"
        for _ in 0..<(g.next() % 4) {
            switch g.next() % 3 {
            case 0: d += " L \(number(&g)) \(number(&g))"
            case 1: d += " Q \(number(&g)) \(number(&g)) \(number(&g)) \(number(&g))"
            default: d += " C " + (0..<6).map { _ in "\(number(&g))" }.joined(separator: " ")
            }
        }
        return try Path(svg: g.next() % 2 == 0 ? d + " Z" : d)
    }

    static func transform(_ g: inout SplitMix64) -> [TransformOp] {
        (0..<(g.next() % 4)).map { _ in
            let n = number(&g)
            switch g.next() % 6 {
            case 0: return .translate(n, number(&g), g.next() % 2 == 0 ? 0 : number(&g))
            case 1: return .rotate(n, 0, 0, 1)
            case 2: return .rotate(n, 1, 0, 0)
            case 3: return .scale(n, g.next() % 2 == 0 ? n : number(&g), 1)
            case 4: return .scale(n, number(&g), number(&g))
            default: return .perspective(abs(n) + 1)
            }
        }
    }

    static let text = ["", "plain", "two words", "quote \" and \\ backslash", "tab\tnew\nline", "\u{1B}[2J", "é ☃ 🎈", "\u{7F}\u{202E}"]

    /// A random value of `type`, with the key path `ValueReader` reads it for.
    static func value(_ type: ValueType, _ g: inout SplitMix64) throws -> Value {
        switch type {
        case .number: return .number(number(&g))
        case .bool: return .bool(g.next() % 2 == 0)
        case .point: return .point(Point(number(&g), number(&g)))
        case .size: return .size(Size(number(&g), number(&g)))
        case .rect: return .rect(Rect(number(&g), number(&g), number(&g), number(&g)))
        case .color: return .color(Color(unit(&g), unit(&g), unit(&g), unit(&g)))
        case .path: return .path(try path(&g))
        case .string: return .string(text[Int(g.next() % UInt64(text.count))])
        case .word(let ws): return .string(ws[Int(g.next() % UInt64(ws.count))])
        case .layerRef: return g.next() % 2 == 0 ? .null : .string("box")
        case .numberList: return .list((0..<(g.next() % 4)).map { _ in .number(number(&g)) })
        case .stringList: return .list((0..<(g.next() % 4)).map { _ in .string(text[Int(g.next() % UInt64(text.count))]) })
        case .colorList: return .list((0..<(g.next() % 4)).map { _ in .color(Color(unit(&g), unit(&g), unit(&g), unit(&g))) })
        case .transform: return .transform(transform(&g))
        }
    }

    static let types: [ValueType] = [.number, .bool, .point, .size, .rect, .color, .path, .string, .word(["butt", "round"]),
                                     .layerRef, .numberList, .stringList, .colorList, .transform]

    @Test(arguments: types)
    func valuesReadBackExactly(_ type: ValueType) throws {
        var g = SplitMix64(seed: 28 &+ UInt64(Self.types.firstIndex(of: type)!))
        var doc = Document()
        doc.layers = [Layer(name: "box", kind: .layer)]
        let reader = ValueReader(document: doc)
        for _ in 0..<300 {
            let v = try Self.value(type, &g)
            let text = ValueFormatter.format(v, type: type, .exact)
            let e = try #require(Parser.expression(text), "\(text)")
            let back = try reader.value(e, type: type, keyPath: "")
            #expect(back == v, "\(text)")
            #expect(ValueFormatter.format(back, type: type, .exact) == text)
        }
    }

    /// What `inspect` prints reads back too (numbers and colours rounded), and prints the same
    /// (numbers below 1e9: above, 6 decimals are finer than a double's precision).
    /// (Not transforms: a step's short form is chosen before rounding, so `scale(1e-7, 2e-7)`
    /// shows as `scale(0, 0)`, which reads back as `scale(0)`.)
    @Test(arguments: [ValueType.number, .point, .size, .rect, .color, .string, .numberList, .colorList])
    func displayedValuesReadBack(_ type: ValueType) throws {
        var g = SplitMix64(seed: 2800 &+ UInt64(Self.types.firstIndex(of: type)!))
        let reader = ValueReader(document: Document())
        for _ in 0..<300 {
            let text = ValueFormatter.format(try Self.value(type, &g).mapNumbers { abs($0) < 1e9 ? $0 : $0.remainder(dividingBy: 1e9) },
                                             type: type)
            let e = try #require(Parser.expression(text), "\(text)")
            #expect(ValueFormatter.format(try reader.value(e, type: type, keyPath: ""), type: type) == text, "\(text)")
        }
    }

    @Test(arguments: [
        (Value.size(Size(0, -3)), "0x-3"), (.size(Size(-3, 4)), "-3x4"), (.size(Size(1e20, 5)), "size(1e+20, 5)"),
        (.transform([]), "[]"), (.color(Color(0.1, 0.2, 0.3, 1)), "color(0.1, 0.2, 0.3, 1)"),
    ])
    func exactForms(_ v: Value, _ text: String) {
        #expect(ValueFormatter.format(v, .exact) == text)
    }

    @Test(arguments: [
        (Value.size(Size(0, -3)), "0x-3"), (.size(Size(1e20, 5)), "size(1e+20, 5)"), (.size(Size(.infinity, 5)), "size(inf, 5)"),
        (.transform([]), "identity"), (.transform([.rotate(1, 0, 0, 1)]), "rotate(1)"), (.color(Color(0.1, 0.2, 0.3, 1)), "#1a334dff"),
    ])
    func displayForms(_ v: Value, _ text: String) {
        #expect(ValueFormatter.format(v) == text)
    }
}

extension Value {
    /// The same value with `f` applied to the numbers of numbers, points, sizes, rects and lists.
    func mapNumbers(_ f: (Double) -> Double) -> Value {
        switch self {
        case .number(let x): return .number(f(x))
        case .point(let p): return .point(Point(f(p.x), f(p.y)))
        case .size(let s): return .size(Size(f(s.width), f(s.height)))
        case .rect(let r): return .rect(Rect(f(r.minX), f(r.minY), f(r.width), f(r.height)))
        case .list(let xs): return .list(xs.map { $0.mapNumbers(f) })
        default: return self
        }
    }
}
