/// `d` rounded towards zero into `lo...hi`; NaN gives `lo`. Numbers from documents, flags and
/// projects can be any Double, and `Int(_:)` traps on values it cannot hold, so every
/// Double-to-Int conversion of user data goes through here.
@inline(__always) public func clampedInt(_ d: Double, _ lo: Int, _ hi: Int) -> Int {
    guard d > Double(lo) else { return lo }
    guard d < Double(hi) else { return hi }
    return Int(d)
}

/// `d` rounded towards zero, saturating at the ends of `Int` (NaN gives 0).
@inline(__always) public func saturatingInt(_ d: Double) -> Int {
    d.isNaN ? 0 : clampedInt(d, Int.min, Int.max)
}
