import LayerLabCore

/// The order a randomized range selector (`s.rn` 1) takes a text's units in. After Effects and
/// lottie-web shuffle them at random each time the file opens; LayerLab uses one fixed
/// shuffle, seeded from the layer, so every frame and every run draws the same.
enum LottieTextRandomOrder {
    /// A permutation of 0..<count: `order[k]` is the place unit k takes in the selector.
    static func order(count: Int, seed text: String, animator: Int) -> [Int] {
        var order = Array(0..<max(0, count))
        // FNV-1a of the seed text, then SplitMix64 steps for Fisher–Yates swaps (the hashes
        // the emitters draw their particles with).
        let step: UInt64 = 0x9e37_79b9_7f4a_7c15
        var state = fnv(text) ^ (UInt64(animator) &* step)
        func next() -> UInt64 {
            defer { state &+= step }
            return mix64(state)
        }
        for i in stride(from: order.count - 1, to: 0, by: -1) {
            order.swapAt(i, Int(next() % UInt64(i + 1)))
        }
        return order
    }
}
