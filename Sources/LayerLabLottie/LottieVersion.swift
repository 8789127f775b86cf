/// Whether a Bodymovin version string (`v`, "4.6.3") is older than `minimum`, as lottie-web's
/// loader compares them before it upgrades an old file's data. A missing or unreadable version
/// counts as recent, as it does for lottie-web.
func bodymovinVersion(_ version: String, isBefore minimum: [Int]) -> Bool {
    let parts = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count >= minimum.count, parts.allSatisfy({ $0 != nil }) else { return false }
    return parts.prefix(minimum.count).map { $0! }.lexicographicallyPrecedes(minimum)
}

extension LottieProperty {
    /// The property with every outline's closed flag set to `closed`: Bodymovin before 4.4.18
    /// wrote it on the shape item (`closed`) or mask (`cl`) rather than in the outline.
    func closingOutlines(_ closed: Bool) -> LottieProperty {
        func set(_ v: LottieValue?) -> LottieValue? {
            guard case .shape(var b)? = v else { return v }
            b.closed = closed
            return .shape(b)
        }
        var p = self
        p.value = set(value)
        for i in p.keyframes.indices {
            p.keyframes[i].start = set(p.keyframes[i].start)
            p.keyframes[i].end = set(p.keyframes[i].end)
        }
        return p
    }
}
