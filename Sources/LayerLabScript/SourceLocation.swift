/// A position in command text: 1-based line and column (columns count characters).
package struct SourceLocation: Hashable, Sendable, Comparable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) { self.line = line; self.column = column }

    package static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// The span of a token or a construct; `end` is exclusive.
package struct SourceRange: Hashable, Sendable {
    package var start: SourceLocation
    package var end: SourceLocation

    package init(_ start: SourceLocation, _ end: SourceLocation) { self.start = start; self.end = end }

    /// The smallest range covering both.
    package func union(_ o: SourceRange) -> SourceRange {
        SourceRange(min(start, o.start), max(end, o.end))
    }
}
