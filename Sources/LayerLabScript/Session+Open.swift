import LayerLabCore

/// Entry points for front ends that name a file outside the command language
/// (`layerlab FILE`, `layerlab inspect FILE …`).
extension Session {
    /// Opens a script, project or Lottie file, as `load FILE` does; with `into`, a script's
    /// commands run into the current document instead, as `run FILE` does (`layerlab run
    /// A.lab B.lab` builds one scene from both). With `strict`, a Lottie file that uses
    /// anything not reproduced is refused. Errors inside a script point into it; errors
    /// reading the file print as `FILE: message`.
    package mutating func open(_ path: String, into: Bool = false, strict: Bool = false) -> Outcome {
        let range = SourceRange(SourceLocation(line: 1, column: 1), SourceLocation(line: 1, column: 1))
        let name = Name(text: path, range: range)
        let verb = into && !strict && Session.isScript(path) ? "run" : "load"
        let kind: Command.Kind = verb == "run" ? .run(name) : strict ? .loadStrict(name) : .load(name)
        let c = Command(verb: Name(text: verb, range: range), kind: kind, text: "\(verb) \(path)", range: range)
        do {
            return .done(try perform(c))
        } catch {
            if case .inFile = error { return .failed([], Diagnostic(error, file: path, text: "")) }
            return .failed([], Diagnostic(file: path, message: error.message))
        }
    }

    /// Moves the current time to the poster time (`Evaluator.posterTime`): from the shell, a
    /// still without `--at` shows the scene rather than its (often empty) first moment.
    package mutating func seekToPoster() {
        let t = Evaluator.statedPosterTime(of: document) ?? Evaluator(document: document).posterTime
        if t.isFinite, Limits.sceneTimes.contains(t) { time = t }
    }

    /// Runs a command given as separate words (a shell's arguments); errors point into the
    /// command as it would be typed, under the name `name`.
    package mutating func run(_ words: CommandWords, name: String) -> Outcome {
        do {
            return .done(try perform(try words.command()))
        } catch {
            return .failed([], Diagnostic(error, file: name, text: words.display))
        }
    }
}
