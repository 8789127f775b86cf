import LayerLabScript

extension Subcommand {
    /// `layerlab run FILE...`: runs scripts in one session, stopping at the first error.
    static let run = Subcommand(
        name: "run", synopsis: "run FILE...", summary: "run scripts (stops at the first error, status 1)"
    ) { args, io in
        guard !args.isEmpty else { return io.usageError("run needs at least one script: layerlab run FILE...") }
        var session = Session.forCommandLine(sourceName: args[0], announceNames: false)
        for file in args {
            let (ok, quit) = io.report(session.open(file), from: session)
            if !ok { return 1 }
            if quit { break }
        }
        return 0
    }
}
