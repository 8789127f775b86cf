/// What a Lottie file uses that LayerLab does not reproduce, grouped by kind so each kind is
/// one line: "3 expressions not run (keyframed values used): Ball ks.p, Shadow ks.o, Bg ks.s".
struct LottieWarnings: Sendable {
    /// Kinds in the order first met, each with its subjects (distinct, in order met).
    private var kinds: [(kind: String, subjects: [String])] = []

    /// Notes one use of `kind` (the phrase after the count, each `{one|many}` in it the words
    /// for a count of one and for more: "{effect|effects} not drawn") by `subject`
    /// ("Heart (custom: Bulge)").
    mutating func add(_ kind: String, _ subject: String) {
        if let i = kinds.firstIndex(where: { $0.kind == kind }) {
            if !kinds[i].subjects.contains(subject) { kinds[i].subjects.append(subject) }
        } else {
            kinds.append((kind, [subject]))
        }
    }

    var isEmpty: Bool { kinds.isEmpty }

    /// One line per kind; at most eight subjects are listed.
    var lines: [String] {
        kinds.map { k in
            let shown = k.subjects.prefix(8).joined(separator: ", ")
            let more = k.subjects.count > 8 ? ", and \(k.subjects.count - 8) more" : ""
            return "\(k.subjects.count) \(Self.phrase(k.kind, count: k.subjects.count)): \(shown)\(more)"
        }
    }

    /// `kind` with each `{one|many}` replaced by the words for `count`.
    static func phrase(_ kind: String, count: Int) -> String {
        var out = "", rest = Substring(kind)
        while let open = rest.firstIndex(of: "{"), let bar = rest[open...].firstIndex(of: "|"),
              let close = rest[bar...].firstIndex(of: "}") {
            out += rest[..<open]
            out += count == 1 ? rest[rest.index(after: open)..<bar] : rest[rest.index(after: bar)..<close]
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
