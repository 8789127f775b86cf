import LayerLabCore
import LayerLabScript

extension Subcommand {
    /// `layerlab inspect FILE LAYER[.KEYPATH] [--at T]`.
    static let inspect = Subcommand(
        name: "inspect", synopsis: "inspect FILE LAYER[.KEYPATH] [--at T]",
        summary: "print values as LAYER.KEYPATH = VALUE"
    ) { args, io in
        query("inspect", args, io)
    }

    /// `layerlab explain FILE LAYER.KEYPATH [--at T]`.
    static let explain = Subcommand(
        name: "explain", synopsis: "explain FILE LAYER.KEYPATH [--at T]",
        summary: "why a value is what it is at time T"
    ) { args, io in
        query("explain", args, io)
    }

    /// Loads FILE, then runs `VERB TARGET [at=T]` in the session.
    static func query(_ verb: String, _ args: [String], _ io: StandardIO) -> Int32 {
        var positional: [String] = []
        var at: String?
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--at" {
                guard i + 1 < args.count else { return io.usageError("--at needs a time") }
                at = args[i + 1]
                i += 2
            } else if a.hasPrefix("--at=") {
                at = String(a.dropFirst(5))
                i += 1
            } else if a.hasPrefix("--") {
                return io.usageError("unknown option '\(escapeForTerminal(a))' for \(verb)")
            } else {
                positional.append(a)
                i += 1
            }
        }
        guard positional.count == 2 else {
            return io.usageError("usage: layerlab \(verb) FILE LAYER\(verb == "inspect" ? "[.KEYPATH]" : ".KEYPATH") [--at T]")
        }
        let target = positional[1]
        let safe = { (s: String) in !s.isEmpty && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } }
        guard safe(target) else { return io.usageError("'\(escapeForTerminal(target))' is not a LAYER.KEYPATH") }
        if let at, at.contains(where: { $0 == ";" || $0 == "#" || $0.isNewline || $0 == "\\" }) {
            return io.usageError("'\(escapeForTerminal(at))' is not a time")
        }
        var session = Session.forCommandLine(sourceName: "<arguments>", announceNames: false)
        let loaded = session.open(positional[0])
        if let d = loaded.diagnostic { io.err(d.description); return 1 }
        let text = "\(verb) \(target)" + (at.map { " at=\($0)" } ?? "")
        return io.report(session.run(text, name: "<arguments>"), from: session).ok ? 0 : 1
    }
}
