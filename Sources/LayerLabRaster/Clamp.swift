/// `d` rounded towards zero into `lo...hi`; NaN gives `lo`. Geometry from documents can be
/// any Double, and `Int(_:)` traps on values it cannot hold.
@inline(__always) func clampedInt(_ d: Double, _ lo: Int, _ hi: Int) -> Int {
    guard d > Double(lo) else { return lo }
    guard d < Double(hi) else { return hi }
    return Int(d)
}
