/// Every name a document holds and what holds it, so a lookup costs O(1) rather than a walk
/// over thousands of layers and animations.
///
/// A cache, not part of the document's value. Any change to one of the document's lists drops
/// it (`didSet`); the edits a script runs once a line (adding a layer, an animation, an event,
/// setting properties) keep it up to date instead, so a script of 20,000 such lines never
/// walks the whole document for each one. Only mutating methods build or change it, and only
/// when no other copy of the document holds it (`Document.ownNames`), so a document read on
/// several threads never sees it change.
final class NameIndex: @unchecked Sendable {
    /// Name → what holds it; a layer wins over an animation, event or path of the same name,
    /// as in `Document.kind(ofName:)`.
    private(set) var kinds: [String: NameKind] = [:]
    /// Layer name → index of the root layer whose subtree held it when it was added: where
    /// `indexPath(ofLayer:)` looks first (a hint, checked on use, since roots may move).
    private(set) var roots: [String: Int] = [:]
    /// `base` → n such that `base.2` … `base.(n-1)` are all taken: where `uniqueName` starts.
    private(set) var nextSuffix: [String: Int] = [:]

    private init() {}

    init(_ d: Document) {
        for p in d.paths { kinds[p.name] = .path }
        for e in d.events { kinds[e.name] = .event }
        for n in d.allAnimationNames { kinds[n] = .animation }
        for (r, root) in d.layers.enumerated() {
            var stack = [root]
            while let l = stack.popLast() {
                kinds[l.name] = .layer
                roots[l.name] = r
                stack += l.sublayers
            }
        }
        var taken: [String: Set<Int>] = [:]
        for name in kinds.keys {
            if let (base, n) = NameIndex.suffixed(name) { taken[base, default: []].insert(n) }
        }
        for (base, ns) in taken {
            var n = 2
            while ns.contains(n) { n += 1 }
            nextSuffix[base] = n
        }
        WorkCounter.current?.add(kinds.count)
    }

    func copy() -> NameIndex {
        WorkCounter.current?.add(kinds.count)
        let c = NameIndex()
        c.kinds = kinds; c.roots = roots; c.nextSuffix = nextSuffix
        return c
    }

    /// Records a new name (not yet in the index).
    func add(_ name: String, _ kind: NameKind, root: Int? = nil) {
        if kinds[name] == nil || kind == .layer { kinds[name] = kind }
        if let root { roots[name] = root }
        if let (base, n) = NameIndex.suffixed(name), n == nextSuffix[base, default: 2] {
            var next = n + 1
            while kinds["\(base).\(next)"] != nil { next += 1 }
            nextSuffix[base] = next
        }
    }

    /// `box.opacity.12` → (`box.opacity`, 12), for numbered names from 2 up.
    static func suffixed(_ name: String) -> (String, Int)? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let digits = name[name.index(after: dot)...]
        guard !digits.isEmpty, digits.count <= 9, digits.first != "0",
              digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits), n >= 2 else { return nil }
        return (String(name[..<dot]), n)
    }
}

extension Document {
    /// The name index, built when missing and made this copy's own (never one another copy
    /// may be reading). An edit takes it, changes the lists (which drops it), updates it and
    /// puts it back.
    mutating func ownNames() -> NameIndex {
        if names == nil {
            names = NameIndex(self)
        } else if !isKnownUniquelyReferenced(&names!) {
            names = names!.copy()
        }
        return names!
    }
}
