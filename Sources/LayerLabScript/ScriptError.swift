import LayerLabCore

/// Everything that can go wrong reading or running a command, with where it happened.
///
/// One closed set, so each message is written once (in `message`) and rendered in one place
/// (`Diagnostic`).
package indirect enum ScriptError: Error, Hashable, Sendable {
    case unterminatedString(SourceRange)
    case unclosed(Character, SourceRange)
    /// A bracket still open when a line starts with a command word: the command it was in
    /// ends there, and the line is read as the command it is.
    case cutShort(Character, SourceRange)
    case unbalanced(Character, SourceRange)
    /// The input ends with a line-continuing `\` (more input may follow at a prompt).
    case danglingBackslash(SourceRange)
    /// A number run into letters that are not a unit: `2px`, `2box`.
    case unknownUnit(String, SourceRange)
    case numberTooLarge(SourceRange)
    case unexpected(found: String, expected: String, SourceRange)
    case unknownCommand(String, SourceRange, suggestion: String?)
    /// Something named that does not exist: `what` is "key path", "colour", "layer"…
    case unknown(what: String, name: String, SourceRange, suggestion: String?)
    case unknownAttribute(String, command: String, SourceRange, suggestion: String?)
    case duplicateAttribute(String, SourceRange)
    case missingAttribute(String, command: String, SourceRange)
    case wrongType(expected: String, found: String, SourceRange)
    /// A number outside what the attribute accepts: `duration=-1`.
    case outOfRange(String, ValueRange, found: Double, SourceRange)
    case invalid(String, SourceRange)
    case edit(EditError, SourceRange)
    case file(String, SourceRange)
    /// An error inside a loaded script, reported where it happened in that file.
    case inFile(name: String, source: String, ScriptError)

    package var range: SourceRange {
        switch self {
        case .unterminatedString(let r), .unclosed(_, let r), .cutShort(_, let r), .unbalanced(_, let r), .danglingBackslash(let r), .unknownUnit(_, let r),
             .numberTooLarge(let r), .unexpected(_, _, let r), .unknownCommand(_, let r, _),
             .unknown(_, _, let r, _), .unknownAttribute(_, _, let r, _), .duplicateAttribute(_, let r),
             .missingAttribute(_, _, let r), .wrongType(_, _, let r), .outOfRange(_, _, _, let r), .invalid(_, let r), .edit(_, let r),
             .file(_, let r):
            return r
        case .inFile(_, _, let e): return e.range
        }
    }

    /// The suggested name, shown under the caret.
    package var suggestion: String? {
        switch self {
        case .unknownCommand(_, _, let s), .unknown(_, _, _, let s), .unknownAttribute(_, _, _, let s): return s
        case .inFile(_, _, let e): return e.suggestion
        default: return nil
        }
    }

    /// The one-line message, including the did-you-mean suggestion.
    package var message: String {
        func hint(_ s: String?) -> String { s.map { "; did you mean '\($0)'?" } ?? "" }
        let e = escapeForTerminal
        switch self {
        case .unterminatedString: return "unterminated string"
        case .unclosed(let c, _): return "unclosed '\(c)'"
        case .cutShort(let c, let r):
            let closer = c == "(" ? ")" : "]"
            return "'\(c)' opened at \(r.start.line):\(r.start.column) is never closed (the next line starts a new command; close it with '\(closer)')"
        case .unbalanced(let c, _): return "unmatched '\(c)'"
        case .danglingBackslash: return "a line cannot end the input with '\\'"
        case .unknownUnit(let u, _):
            return "'\(e(u))' is neither a number with a unit (ms, s, deg, rad, turn) nor a name (names start with a letter)"
        case .numberTooLarge: return "number too large"
        case .unexpected(let found, let expected, _): return "expected \(expected), found \(found)"
        case .unknownCommand(let c, _, let s): return "unknown command '\(e(c))'" + hint(s)
        case .unknown(let what, let n, _, let s): return "unknown \(what) '\(e(n))'" + hint(s)
        case .unknownAttribute(let a, let c, _, let s): return "unknown attribute '\(e(a))' for \(c)" + hint(s)
        case .duplicateAttribute(let a, _): return "\(a) is given twice"
        case .missingAttribute(let a, let c, _): return "\(c) needs \(a)"
        case .wrongType(let expected, let found, _): return "expected \(expected), found \(found)"
        case .outOfRange(let name, let range, let v, _): return "\(name) \(range.requirement), found \(formatFoundNumber(v))"
        case .invalid(let m, _): return m
        case .edit(let err, _): return e(err.message)
        case .file(let m, _): return e(m)
        case .inFile(_, _, let inner): return inner.message
        }
    }
}
