import LayerLabCore

/// Entry points for front ends that name a file outside the command language
/// (`layerlab FILE`, `layerlab inspect FILE …`).
extension Session {
    /// Loads a script (one undo step) or project, as `load FILE` does. Errors inside a script
    /// point into it; errors reading the file print as `FILE: message`.
    /// With `strict`, a Lottie file that uses anything not reproduced is refused.
    public mutating func open(_ path: String, strict: Bool = false) -> Outcome {
        let range = SourceRange(SourceLocation(line: 1, column: 1), SourceLocation(line: 1, column: 1))
        let name = Name(text: path, range: range)
        let c = Command(verb: Name(text: "load", range: range), kind: strict ? .loadStrict(name) : .load(name),
                        text: "load \(path)", range: range)
        do {
            return .done(try perform(c))
        } catch {
            if case .inFile = error { return .failed([], Diagnostic(error, file: path, text: "")) }
            return .failed([], Diagnostic(file: path, message: error.message))
        }
    }

    /// Runs a command given as separate words (a shell's arguments); errors point into the
    /// command as it would be typed, under the name `name`.
    public mutating func run(_ words: CommandWords, name: String) -> Outcome {
        do {
            return .done(try perform(try words.command()))
        } catch {
            return .failed([], Diagnostic(error, file: name, text: words.display))
        }
    }
}
