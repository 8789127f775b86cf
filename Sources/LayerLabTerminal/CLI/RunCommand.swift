import LayerLabCore
import LayerLabScript

extension Subcommand {
    /// `layerlab run FILE...`: runs scripts in one session, stopping at the first error; at a
    /// terminal it ends with one line saying what was built.
    static let run = Subcommand(
        name: "run", synopsis: "run FILE...", summary: "run scripts (stops at the first error, status 1)",
        help: """
        Usage: layerlab run FILE...

        Runs .lab scripts (or opens .json projects) one after another in one session, printing
        what their commands print and performing their exports. Stops at the first error with
        status 1. When output is a terminal, ends with one line: the commands run, the layers and
        animations built, and the scene's length.

        Options:
          --help  this text
        """,
        arguments: CLIArguments(operands: [CLIOperand("FILE", .files(DocumentFiles.inputExtensions), repeats: true)], options: [])
    ) { args, io in
        guard !args.isEmpty else { return io.usageError("run needs at least one script: layerlab run FILE...") }
        var session = Session.forCommandLine(sourceName: args[0], announceNames: false)
        for file in args {
            let (ok, quit) = io.report(session.open(file, into: true), from: session)
            if !ok { return 1 }
            if quit { break }
        }
        if io.outputIsTerminal { io.out(runSummary(session)) }
        return 0
    }

    /// "ran 42 commands: 5 layers, 9 animations, 4.75 s".
    static func runSummary(_ session: Session) -> String {
        let doc = session.document
        var animations = 0
        func count(_ a: Animation) {
            animations += 1
            if case .group(let g) = a.body { g.children.forEach(count) }
        }
        doc.animations.forEach(count)
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let seconds = formatNumber(Evaluator(document: doc).sceneDuration)
        return "ran \(plural(session.scriptCommandsRun, "command")): \(plural(doc.allLayers.count, "layer")), "
            + "\(plural(animations, "animation")), \(seconds) s"
    }
}
