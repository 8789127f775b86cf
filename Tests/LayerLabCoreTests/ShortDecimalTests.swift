import LayerLabCore
import Testing

/// `shortDecimal`, which the script lexer and the JSON reader read numbers through, gives
/// `Double(text)`'s bits wherever it answers, and leaves to it what it cannot do exactly.
@Suite struct ShortDecimalTests {
    static func value(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { shortDecimal($0) }
    }

    @Test func answersAsTheGeneralConversionDoes() {
        // A fixed stream of decimals: up to 18 digits, a dot anywhere, signs and exponents.
        var state: UInt64 = 0x5EED
        func next(_ n: UInt64) -> Int { state = mix64(state); return Int(state % n) }
        var answered = 0
        for _ in 0..<20_000 {
            var text = next(4) == 0 ? "-" : ""
            let count = 1 + next(18)
            let dot = next(3) == 0 ? -1 : next(UInt64(count + 1))
            for i in 0..<count {
                if i == dot { text += "." }
                text += String(next(10))
            }
            if next(3) == 0 { text += (next(2) == 0 ? "e-" : "e") + String(next(30)) }
            guard let general = Double(text), let fast = Self.value(text) else { continue }
            answered += 1
            #expect(fast.bitPattern == general.bitPattern, "\(text): \(fast) vs \(general)")
        }
        #expect(answered > 10_000, "most short decimals take the fast path")
    }

    @Test func leavesTheRestToTheGeneralConversion() {
        #expect(Self.value("1234567890123456") == nil, "16 significant digits")
        #expect(Self.value("1e23") == nil, "10^23 is not exact")
        #expect(Self.value("1e") == nil && Self.value("") == nil && Self.value("-") == nil && Self.value("1x") == nil)
        #expect(Self.value("0.0000000000000001") == 1e-16, "leading zeros are not significant")
        #expect(Self.value("-0")?.sign == .minus)
    }
}
