/// Builds indented source text line by line.
///
/// A line may hold a multi-line expression (a path literal); its later lines are indented to
/// the current level too, so nested code keeps its shape.
struct SourceWriter {
    private(set) var lines: [String] = []
    private var level = 0

    /// Appends one line (or a multi-line chunk) at the current indentation.
    mutating func line(_ text: String = "") {
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(part.isEmpty ? "" : String(repeating: "    ", count: level) + part)
        }
    }

    /// Writes `header {` and indents what follows, until `close()`.
    mutating func open(_ header: String, comment: String? = nil) {
        line(header + " {" + (comment.map { "  // " + $0 } ?? ""))
        level += 1
    }

    /// Ends the innermost `open`, writing `}` + `trailer`.
    mutating func close(_ trailer: String = "") {
        level = max(0, level - 1)
        line("}" + trailer)
    }

    var text: String { lines.joined(separator: "\n") + "\n" }
}
