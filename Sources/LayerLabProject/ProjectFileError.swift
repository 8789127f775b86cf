import LayerLabCore
/// Why a project file could not be read, with where: the line and column of the offending
/// text and the JSON path of the bad value.
///
/// `description` is the message users see:
/// `line 12, column 20: at $.layers[2].properties.opacity: expected a number, found "x"`.
package struct ProjectFileError: Error, Hashable, Sendable, CustomStringConvertible {
    package enum Kind: Hashable, Sendable {
        /// Not JSON at all: a syntax error, bad UTF-8, or a file that ends early.
        case invalidJSON
        /// JSON, but not a LayerLab project (no or another format tag).
        case notAProject
        /// Written by a newer LayerLab with this format version.
        case newerVersion(Int)
        case wrongType
        case unknownKey
        case missingField
        case duplicateKey
        /// A number or word outside what the field allows.
        case outOfRange
        /// A name that refers to no layer, path, animation or event.
        case danglingReference
        case duplicateName
        /// Time expressions that depend on each other in a loop.
        case cycle
        /// Text inside a string that does not parse: path data or a time expression.
        case invalidText
    }

    package var kind: Kind
    package var line: Int
    package var column: Int
    /// JSONPath of the bad value, `$` for the whole file.
    package var path: String
    package var message: String

    package init(kind: Kind, line: Int, column: Int, path: String, message: String) {
        self.kind = kind; self.line = line; self.column = column; self.path = path; self.message = message
    }

    init(_ kind: Kind, at position: SourcePosition, _ path: JSONPath, _ message: String) {
        self.init(kind: kind, line: position.line, column: position.column, path: path.description,
                  message: message)
    }

    package var description: String {
        escapeForTerminal("line \(line), column \(column): at \(path): \(message)")
    }
}
