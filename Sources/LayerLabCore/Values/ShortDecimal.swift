/// The value of a short decimal's ASCII text without making a string or calling `strtod`:
/// an optional `-`, digits with at most one `.`, an optional exponent. At most 15 significant
/// digits make an integer a double holds exactly, and with a power of ten up to 10²² (also
/// exact) one multiply or divide rounds to the nearest double, as `strtod` gives (Clinger's
/// fast path). Nil for anything else (longer, a larger power, or not such text): the caller
/// then converts the general way. The script lexer and the JSON reader both read numbers so.
package func shortDecimal(_ u: UnsafeBufferPointer<UInt8>) -> Double? {
    var k = 0
    let negative = k < u.count && u[k] == UInt8(ascii: "-")
    if negative { k += 1 }
    var mantissa: UInt64 = 0, digits = 0, scale = 0, seen = 0
    var fraction = false
    while k < u.count {
        let b = u[k]
        if b == UInt8(ascii: ".") && !fraction {
            fraction = true
        } else if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
            seen += 1
            if mantissa != 0 || b != UInt8(ascii: "0") {
                digits += 1
                if digits > 15 { return nil }
                mantissa = mantissa * 10 + UInt64(b - UInt8(ascii: "0"))
            }
            if fraction { scale -= 1 }
        } else {
            break
        }
        k += 1
    }
    guard seen > 0 else { return nil }
    if k < u.count {
        guard u[k] == UInt8(ascii: "e") || u[k] == UInt8(ascii: "E") else { return nil }
        k += 1
        var exponentNegative = false
        if k < u.count, u[k] == UInt8(ascii: "+") || u[k] == UInt8(ascii: "-") {
            exponentNegative = u[k] == UInt8(ascii: "-")
            k += 1
        }
        var exponent = 0, exponentDigits = 0
        while k < u.count, u[k] >= UInt8(ascii: "0"), u[k] <= UInt8(ascii: "9") {
            exponent = exponent * 10 + Int(u[k] - UInt8(ascii: "0"))
            exponentDigits += 1
            if exponent > 1000 { return nil }
            k += 1
        }
        guard k == u.count, exponentDigits > 0 else { return nil }
        scale += exponentNegative ? -exponent : exponent
    }
    var v = Double(mantissa)
    if mantissa != 0 {
        guard scale.magnitude < exactPowersOfTen.count else { return nil }
        let power = exactPowersOfTen[Int(scale.magnitude)]
        if scale > 0 { v *= power } else if scale < 0 { v /= power }
    }
    return negative ? -v : v
}

/// 10⁰ … 10²², each exactly a double.
private let exactPowersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                          1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]
