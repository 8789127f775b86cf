/// What a Lottie file uses that LayerLab does not reproduce, grouped by kind so each kind is
/// one line: "3 layers use expressions: Ball (position), Shadow (opacity), Bg (scale)".
struct LottieWarnings: Sendable {
    /// Kinds in the order first met, each with its subjects (distinct, in order met).
    private var kinds: [(kind: String, subjects: [String])] = []

    /// Notes one use of `kind` (a phrase after the count: "layers use expressions") by
    /// `subject` ("Ball (position)").
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
            return "\(k.subjects.count) \(k.kind): \(shown)\(more)"
        }
    }
}
