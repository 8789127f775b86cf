import Testing
import TestSupport
@testable import LayerLabCore

/// Time expression text has one printer and one parser (`TimeExprSyntax.swift`): every tree
/// printed exactly reads back as the same tree, and printing what was read gives the same text.
struct TimeExprSyntaxTests {
    /// Names that read back bare (`nan`, `inf` and `after` are names before `.end`) and names
    /// that need backquotes.
    static let names = ["fade", "a", "fade.2", "_x", "nan", "inf", "infinity", "after", "info", "e", "x.begin",
                        "fade in", "a`b", "2x", "a..b", "x.", ".x", "é", "", "-", "a+b", "``"]

    /// Every kind of number the printers meet: whole, decimal, tiny, huge, negative, any bits.
    static func number(_ g: inout SplitMix64) -> Double {
        switch g.next() % 7 {
        case 0: return Double(Int(g.next() % 2001) - 1000)
        case 1: return Double(Int(g.next() % 2_000_001) - 1_000_000) / 1000
        case 2: return Double(g.next() % 1000) * 1e-7
        case 3: return -Double(g.next() % 1000) * 1e15
        case 4: return g.next() % 5 == 0 ? -.infinity : .infinity
        default:
            let v = Double(bitPattern: g.next())
            return v.isNaN ? 0.1 : v
        }
    }

    static func expr(_ g: inout SplitMix64, depth: Int) -> TimeExpr {
        let pick = depth == 0 ? g.next() % 3 : g.next() % 9
        func sub(_ g: inout SplitMix64) -> TimeExpr { expr(&g, depth: depth - 1) }
        switch pick {
        case 0: return .number(number(&g))
        case 1: return .begin(names[Int(g.next() % UInt64(names.count))])
        case 2: return .end(names[Int(g.next() % UInt64(names.count))])
        case 3: return .add(sub(&g), sub(&g))
        case 4: return .subtract(sub(&g), sub(&g))
        case 5: return .multiply(sub(&g), sub(&g))
        case 6: return .divide(sub(&g), sub(&g))
        default: return .negate(sub(&g))
        }
    }

    @Test func exactTextReadsBackToTheSameTree() throws {
        var g = SplitMix64(seed: 28)
        for _ in 0..<3000 {
            let e = Self.expr(&g, depth: 5)
            let text = e.text(.exact)
            let back = try TimeExpr(parsing: text)
            #expect(back == e, "\(text)")
            #expect(back.text(.exact) == text)
        }
    }

    /// Display text rounds numbers, so it reads back to the rounded tree; printed again, it is
    /// the same text. (For numbers below 1e9: above, 6 decimals are finer than a double's
    /// precision, and `formatNumber`'s last decimal may move.)
    @Test func displayTextIsStableUnderReading() throws {
        var g = SplitMix64(seed: 2803)
        for _ in 0..<3000 {
            let e = Self.expr(&g, depth: 5).mapNumbers { abs($0) < 1e9 || $0.isInfinite ? $0 : $0.remainder(dividingBy: 1e9) }
            let text = e.text(.display)
            #expect(try TimeExpr(parsing: text).text(.display) == text, "\(text)")
        }
    }

    @Test(arguments: [
        (TimeExpr.add(.end("a"), .number(-1)), "a.end + -1"),
        (.negate(.number(1)), "-(1)"),
        (.number(-1), "-1"),
        (.negate(.number(-1)), "-(-1)"),
        (.subtract(.number(1), .subtract(.number(2), .number(3))), "1 - (2 - 3)"),
        (.multiply(.add(.end("a"), .begin("b")), .number(2)), "(a.end + b.begin) * 2"),
        (.negate(.multiply(.begin("a"), .end("b"))), "-(a.begin * b.end)"),
        (.multiply(.negate(.begin("a")), .end("b")), "-a.begin * b.end"),
        (.end("fade in"), "`fade in`.end"),
        (.begin("back`quote"), "`back``quote`.begin"),
        (.end("nan"), "nan.end"),
        (.add(.end("a"), .number(0.1 + 0.2)), "a.end + 0.30000000000000004"),
    ])
    func canonicalText(_ e: TimeExpr, _ text: String) throws {
        #expect(e.text(.exact) == text)
        #expect(try TimeExpr(parsing: text) == e)
    }

    @Test func displayRoundsNumbersOnly() {
        let e = TimeExpr.add(.end("a"), .number(0.1 + 0.2))
        #expect(e.text(.display) == "a.end + 0.3")
        #expect(e.description == "a.end + 0.3")
    }

    @Test(arguments: [
        ("a.end +", 7, "expected a number or a name"),
        ("(a.end", 0, "'(' is never closed"),
        ("`a", 0, "'`' is never closed"),
        ("fade", 0, "expected fade.begin or fade.end"),
        ("a.end b.end", 6, "unexpected 'b'"),
        ("1e999", 0, "number out of range"),
        ("after", 5, "expected a name after 'after'"),
    ])
    func badTextSaysWhereAndWhat(_ text: String, _ offset: Int, _ message: String) {
        #expect(throws: TimeExprSyntaxError(offset: offset, message: message)) { try TimeExpr(parsing: text) }
    }

    @Test func deepNestingIsRefusedNotOverflowed() {
        let text = String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
        #expect(throws: TimeExprSyntaxError.self) { try TimeExpr(parsing: text) }
        #expect(throws: TimeExprSyntaxError.self) { try TimeExpr(parsing: String(repeating: "-", count: 5000) + "a.end") }
    }
}

extension TimeExpr {
    /// The same tree with `f` applied to every number.
    func mapNumbers(_ f: (Double) -> Double) -> TimeExpr {
        switch self {
        case .number(let v): return .number(f(v))
        case .begin, .end: return self
        case .add(let a, let b): return .add(a.mapNumbers(f), b.mapNumbers(f))
        case .subtract(let a, let b): return .subtract(a.mapNumbers(f), b.mapNumbers(f))
        case .multiply(let a, let b): return .multiply(a.mapNumbers(f), b.mapNumbers(f))
        case .divide(let a, let b): return .divide(a.mapNumbers(f), b.mapNumbers(f))
        case .negate(let a): return .negate(a.mapNumbers(f))
        }
    }
}
