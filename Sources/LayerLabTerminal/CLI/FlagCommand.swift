import LayerLabCore
import LayerLabScript

/// Turns `layerlab SUB FILE --flag V …` into the REPL command `SUB attr=V …`, run after FILE
/// is loaded, so the command line and the REPL share one implementation.
struct FlagCommand {
    /// `--flag` → attribute name, for flags that take a value.
    var valueFlags: [String: String]
    /// `--flag` → word added to the command, for flags without a value.
    var switches: [String: String] = [:]

    /// The file and the attribute words, or a usage message.
    func parse(_ args: [String], command: String) -> Result<(file: String, words: [String]), FlagError> {
        var file: String?
        var words: [String] = []
        var i = 0
        while i < args.count {
            let a = args[i]
            if let word = switches[a] { words.append(word); i += 1; continue }
            let name = a.split(separator: "=", maxSplits: 1).first.map(String.init) ?? a
            if let attribute = valueFlags[name] {
                let value: String
                if a.contains("=") {
                    value = String(a.drop { $0 != "=" }.dropFirst()); i += 1
                } else {
                    guard i + 1 < args.count else { return .failure(FlagError("\(name) needs a value")) }
                    value = args[i + 1]; i += 2
                }
                // The value becomes part of a command line: refuse anything that could end it.
                guard !value.isEmpty, !value.contains(where: { $0 == ";" || $0 == "#" || $0 == "\\" || $0.isNewline || $0 == " " }) else {
                    return .failure(FlagError("'\(escapeForTerminal(value))' is not a value for \(name)"))
                }
                words.append(attribute.isEmpty ? value : "\(attribute)=\(value)")
                continue
            }
            if a.hasPrefix("--") { return .failure(FlagError("unknown option '\(escapeForTerminal(a))' for \(command)")) }
            guard file == nil else { return .failure(FlagError("\(command) takes one file")) }
            file = a
            i += 1
        }
        guard let file else { return .failure(FlagError("\(command) needs a file")) }
        return .success((file, words))
    }

    /// Loads `file` and runs `command words…`; returns the exit status.
    static func run(_ command: String, file: String, words: [String], io: StandardIO) -> Int32 {
        var io = io
        io.baseDirectory = directory(of: file)
        var session = Session.forCommandLine(sourceName: "<arguments>", announceNames: false)
        let (loaded, _) = io.report(session.open(file), from: session)
        guard loaded else { return 1 }
        return io.report(session.run(([command] + words).joined(separator: " "), name: "<arguments>"), from: session).ok ? 0 : 1
    }

    /// The folder holding `path` ("." for a bare file name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

struct FlagError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension Subcommand {
    /// A subcommand that loads FILE and runs the REPL command of the same name with the flags
    /// turned into attributes (`--at 2` → `at=2`).
    static func flagged(_ name: String, synopsis: String, summary: String, flags: [String]) -> Subcommand {
        Subcommand(name: name, synopsis: synopsis, summary: summary) { args, io in
            let command = FlagCommand(valueFlags: Dictionary(uniqueKeysWithValues: flags.map { ("--" + $0, $0) }))
            switch command.parse(args, command: name) {
            case .failure(let e): return io.usageError(e.message)
            case .success(let p): return FlagCommand.run(name, file: p.file, words: p.words, io: io)
            }
        }
    }

    /// `layerlab show FILE [--at T] [--size COLSxROWS] [--mode M] [--color C]`.
    static let show = flagged("show", synopsis: "show FILE [--at T] [--size COLSxROWS] [--mode M] [--color C]",
                              summary: "draw one frame", flags: ["at", "size", "mode", "color"])

    /// `layerlab frames FILE [--from T] [--to T] [--fps N] [--size …] [--mode M] [--color C]`.
    static let frames = flagged("frames", synopsis: "frames FILE [--from T] [--to T] [--fps N] [--size COLSxROWS]",
                                summary: "print frames one after another (for pipes)",
                                flags: ["from", "to", "fps", "size", "mode", "color"])

    /// `layerlab export FILE --png|--gif|--lottie|--swift|--cast OUT [--at T] [--size WxH] …`.
    static let export = Subcommand(
        name: "export", synopsis: "export FILE --png|--gif|--lottie|--swift|--cast OUT [--force]",
        summary: "a frame, the animation or code [--at T] [--size WxH] [--fps N] [--from T] [--to T]"
    ) { args, io in
        var format: String?
        var rest: [String] = []
        var force = false
        var i = 0
        while i < args.count {
            let a = args[i]
            // `--force` is `export!`: replace a file that is not of the kind written.
            if a == "--force" { force = true; i += 1; continue }
            if ["--png", "--gif", "--lottie", "--swift", "--cast"].contains(a) {
                guard format == nil else { return io.usageError("export takes one format") }
                guard i + 1 < args.count else { return io.usageError("\(a) needs an output file") }
                format = String(a.dropFirst(2))
                rest.append("--out"); rest.append(args[i + 1])
                i += 2
                continue
            }
            rest.append(a); i += 1
        }
        guard let format else {
            return io.usageError("usage: layerlab export FILE --png|--gif|--lottie|--swift|--cast OUT [--at T] [--size WxH] [--fps N] [--from T] [--to T]")
        }
        let flags = FlagCommand(valueFlags: ["--out": "", "--at": "at", "--size": "size", "--fps": "fps",
                                             "--from": "from", "--to": "to"])
        switch flags.parse(rest, command: "export") {
        case .failure(let e): return io.usageError(e.message)
        case .success(let p): return FlagCommand.run(force ? "export!" : "export", file: p.file, words: [format] + p.words, io: io)
        }
    }
}
