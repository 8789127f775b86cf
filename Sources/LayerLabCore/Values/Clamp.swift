import CNumeric

/// `d` rounded towards zero into `lo...hi`; NaN gives `lo`. Numbers from documents, flags and
/// projects can be any Double, and `Int(_:)` traps on values it cannot hold, so every
/// Double-to-Int conversion of user data goes through here.
@inlinable @inline(__always) package func clampedInt(_ d: Double, _ lo: Int, _ hi: Int) -> Int {
    guard d > Double(lo) else { return lo }
    guard d < Double(hi) else { return hi }
    // NB: strictly between two Ints (whose Doubles are at most 2^63), so it converts.
    return truncatedInt(d)
}

/// `d` rounded towards zero, saturating at the ends of `Int` (NaN gives 0).
@inlinable @inline(__always) package func saturatingInt(_ d: Double) -> Int {
    d.isNaN ? 0 : clampedInt(d, Int.min, Int.max)
}

/// `Int(d)` without its checks, for a `d` the caller has already bounded: finite and strictly
/// inside Int's range (anything else is undefined). The rasterizer's edge loops convert
/// several numbers each, and the checks were a fifth of their instructions.
@inlinable @inline(__always) package func truncatedInt(_ d: Double) -> Int {
    assert(d > -0x1p63 && d < 0x1p63, "truncatedInt of \(d)")
    return layerlab_truncate(d)
}

/// The larger of `a` and `b`, and `b` when neither is larger (equal, or either NaN): one
/// `maxsd` on x86, where `Swift.max`'s rules for ties and NaN take four instructions. (It
/// differs from `max(b, a)` only in which zero it returns for -0 and 0.)
@inlinable @inline(__always) package func larger(_ a: Double, _ b: Double) -> Double { a > b ? a : b }
