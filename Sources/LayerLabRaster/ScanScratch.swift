extension ScanConverter.State {
    /// A raw buffer kept across shapes, grown to the largest size asked for and filled with
    /// `fill` when given (users of filled ones leave them so; the others write before reading).
    /// `base[0..<count]` is allocated; for a filled one it is also initialized.
    struct Scratch<T> {
        var base: UnsafeMutablePointer<T>
        var count = 0
        let fill: T?

        init(fill: T?) { base = .allocate(capacity: 0); self.fill = fill }

        mutating func reserve(_ n: Int) {
            guard n > count else { return }
            base.deallocate()
            count = n
            base = .allocate(capacity: count)
            if let fill { base.initialize(repeating: fill, count: count) }
        }

        /// Room for `n` elements, keeping the first `kept` (of a trivial type).
        mutating func grow(_ n: Int, keeping kept: Int) {
            guard n > count else { return }
            precondition(kept <= count && fill == nil, "scratch: grown keeping \(kept) of \(count), or filled")
            let grown = UnsafeMutablePointer<T>.allocate(capacity: n)
            grown.moveInitialize(from: base, count: kept)
            base.deallocate()
            base = grown; count = n
        }

        func free() { base.deallocate() }

        var buffer: UnsafeMutableBufferPointer<T> { UnsafeMutableBufferPointer(start: base, count: count) }
    }
}
