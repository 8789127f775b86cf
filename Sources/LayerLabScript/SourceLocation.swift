/// A position in command text: 1-based line and column (columns count characters).
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) { self.line = line; self.column = column }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// The span of a token or a construct; `end` is exclusive.
public struct SourceRange: Hashable, Sendable {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(_ start: SourceLocation, _ end: SourceLocation) { self.start = start; self.end = end }

    /// The smallest range covering both.
    public func union(_ o: SourceRange) -> SourceRange {
        SourceRange(min(start, o.start), max(end, o.end))
    }
}
