/// The order a randomized range selector (`s.rn` 1) takes a text's units in. After Effects and
/// lottie-web shuffle them at random each time the file opens; LayerLab uses one fixed
/// shuffle, seeded from the layer, so every frame and every run draws the same.
enum LottieTextRandomOrder {
    /// A permutation of 0..<count: `order[k]` is the place unit k takes in the selector.
    static func order(count: Int, seed text: String, animator: Int) -> [Int] {
        var order = Array(0..<max(0, count))
        // FNV-1a of the seed text, then SplitMix64 steps for Fisher–Yates swaps.
        var state: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 { state = (state ^ UInt64(b)) &* 0x100_0000_01b3 }
        state ^= UInt64(animator) &* 0x9e37_79b9_7f4a_7c15
        func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
        for i in stride(from: order.count - 1, to: 0, by: -1) {
            order.swapAt(i, Int(next() % UInt64(i + 1)))
        }
        return order
    }
}
