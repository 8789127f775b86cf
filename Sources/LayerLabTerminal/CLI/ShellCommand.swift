import LayerLabCore
import LayerLabScript

/// `layerlab VERB FILE [NAME…] [--attr V] [--flag]`: loads FILE, then runs the REPL command VERB
/// built from the arguments as separate words (`CommandWords`), never as text.
///
/// The options are the command's own attributes and flag words from `CommandTable`, so the
/// shell accepts exactly what the REPL does: `layerlab show x.lab --at 2` is `show at=2`, and an
/// attribute added to the table is a new `--option` here too.
struct ShellCommand: Sendable {
    let spec: CommandSpec
    /// What `--help` and the overview say the subcommand does.
    var summary: String
    /// `--KEYWORD NAME` options that put a keyword before the names (`--gif OUT` is `gif OUT`).
    var keywordOptions: [String] = []

    /// The names after FILE, as `help` writes them (inspect's `LAYER[.KEYPATH]`; export's FILE
    /// shown as OUT).
    var nameSlots: [String] {
        spec.grammar.positionals.compactMap { part in
            guard case .placeholder(let p) = part.element else { return nil }
            return p == "FILE" ? "OUT" : p
        }
    }

    /// `show FILE [--at T] [--size COLSxROWS] [--mode M] [--color C]`; `full` spells choices out.
    func synopsis(full: Bool) -> String {
        var parts = [spec.name, "FILE"] + nameSlots
        for a in spec.attributes {
            let value = !full && a.placeholder.contains("|") ? String(a.name.prefix(1)).uppercased() : a.placeholder
            parts.append("[--\(a.name) \(value)]")
        }
        parts += spec.flagWords.map { "[--\($0)]" }
        return parts.joined(separator: " ")
    }

    /// `layerlab VERB --help`.
    var help: String {
        var lines = ["Usage: layerlab " + synopsis(full: true)]
        if !keywordOptions.isEmpty {
            lines.append("       layerlab \(spec.name) FILE " + keywordOptions.map { "--" + $0 }.joined(separator: "|") + " OUT [options]")
        }
        lines += ["", summary.prefix(1).uppercased() + summary.dropFirst() + ".",
                  "FILE is a .lab script, .json project or Lottie file; it is loaded first. This runs the REPL's `\(spec.name)` command (`help \(spec.name)` inside LayerLab)."]
        var options = spec.attributes.map { a in ("--\(a.name) \(a.placeholder)", "\(a.meaning) (default: \(a.defaultValue))") }
        options += spec.flagWords.map { ("--\($0)", spec.flagMeanings[$0] ?? "the `\($0)` word of the command") }
        options += keywordOptions.map { ("--\($0) OUT", "write \($0) to OUT, whatever its extension") }
        if !spec.flagWords.contains("strict") { options.append(("--strict", "refuse a Lottie FILE that uses anything not reproduced")) }
        options.append(("--animation ID", "the animation of a dotLottie FILE to open (default: the first)"))
        options.append(("--help", "this text"))
        let width = min(30, options.map(\.0.count).max() ?? 0)
        lines += ["", "Options:"] + options.map { "  " + $0.0.padded(width + 1) + " " + $0.1 }
        return lines.joined(separator: "\n")
    }

    /// FILE, the names after it, the attributes as `--options` (their closed sets from the
    /// placeholder), the flag words and the keyword options, for completions and the manual.
    var arguments: CLIArguments {
        var operands = [CLIOperand("FILE", .files(DocumentFiles.inputExtensions))]
        for slot in nameSlots {
            operands.append(CLIOperand(slot, slot == "OUT" ? .files(DocumentFiles.exportExtensions) : .text))
        }
        var options = spec.attributes.map { a in
            CLIOption(["--" + a.name], value: a.placeholder, values: CLIValues(placeholder: a.placeholder),
                      meaning: a.meaning, default: a.defaultValue)
        }
        options += spec.flagWords.map { CLIOption(["--" + $0], meaning: spec.flagMeanings[$0] ?? "the `\($0)` word of the command") }
        options += keywordOptions.map { word in
            let ext = ExportRequest.Format(rawValue: word)?.fileExtension
            return CLIOption(["--" + word], value: "OUT", values: .files(ext.map { [$0] } ?? []),
                             meaning: "write \(word) to OUT, whatever its extension")
        }
        return CLIArguments(operands: operands, options: options)
    }

    /// What `parse` makes of the arguments. (Not a `Result`: its `Failure: Error` requirement has
    /// the runtime scan every conformance record in the binary when a process first parses,
    /// 0.14 M instructions of each command's start.)
    enum Parsed {
        /// `strict`: `--strict` was given, which also refuses a Lottie FILE with anything not reproduced.
        case success(file: String, words: CommandWords, strict: Bool)
        case failure(FlagError)
    }

    /// The file to load and the command's words, or a usage message.
    func parse(_ args: [String]) -> Parsed {
        var file: String?
        var strictOpen = false
        var words = CommandWords(verb: spec.name)
        let attributeNames = spec.attributes.map(\.name)
        var i = 0
        func value(_ flag: String, inline: String?) -> String? {
            if let inline { return inline }
            guard i + 1 < args.count else { return nil }
            i += 1
            return args[i]
        }
        while i < args.count {
            defer { i += 1 }
            let a = args[i]
            guard a.hasPrefix("--"), a.count > 2 else {
                if file == nil { file = a } else { words.names.append(a) }
                continue
            }
            let body = a.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            if attributeNames.contains(name) {
                guard let v = value(a, inline: inline) else { return .failure(FlagError("--\(name) needs a value")) }
                guard !words.attributes.contains(where: { $0.key == name }) else {
                    return .failure(FlagError("--\(name) is given twice"))
                }
                words.attributes.append((name, v))
                if spec.attributes.first(where: { $0.name == name })?.takesName == true {
                    words.literalKeys.insert(name)
                }
            } else if spec.flagWords.contains(name), inline == nil {
                words.flags.append(name)
                if name == "strict" { strictOpen = true }
            } else if name == "strict", inline == nil {
                // Every subcommand: refuse a Lottie FILE that would not be reproduced whole.
                strictOpen = true
            } else if name == "animation" {
                // Every subcommand: which animation of a dotLottie FILE opens.
                guard let id = value(a, inline: inline) else { return .failure(FlagError("--animation needs an animation ID")) }
                DotLottieImport.requestedAnimation.withLock { $0 = id }
            } else if keywordOptions.contains(name) {
                guard words.keyword == nil else { return .failure(FlagError("\(spec.name) takes one format")) }
                guard let out = value(a, inline: inline) else { return .failure(FlagError("--\(name) needs an output file")) }
                words.keyword = name
                words.names.append(out)
            } else {
                let known = attributeNames + spec.flagWords + keywordOptions
                let hint = Suggestion.nearest(name, in: known).map { "; did you mean '--\($0)'?" } ?? " (see layerlab \(spec.name) --help)"
                return .failure(FlagError("unknown option '\(escapeForTerminal(a))' for \(spec.name)\(hint)"))
            }
        }
        guard let file else { return .failure(FlagError("usage: layerlab \(synopsis(full: false))")) }
        guard words.names.count == nameSlots.count else {
            return .failure(FlagError("usage: layerlab \(synopsis(full: false))"))
        }
        return .success(file: file, words: words, strict: strictOpen)
    }

    /// Loads `file` and runs the command; returns the exit status.
    static func run(_ words: CommandWords, file: String, strict: Bool = false, io: StandardIO) -> Int32 {
        var io = io
        io.baseDirectory = directory(of: file)
        var session = Session.forCommandLine(sourceName: "<arguments>", announceNames: false)
        let (loaded, _) = io.report(session.open(file, strict: strict), from: session)
        guard loaded else { return 1 }
        // A still named by no time shows the scene settled (or the canvas's poster time).
        if words.verb == "export", !words.attributes.contains(where: { $0.key == CommandTable.Export.at.name }) { session.seekToPoster() }
        return io.report(session.run(words, name: "<arguments>"), from: session).ok ? 0 : 1
    }

    /// The folder holding `path` ("." for a bare file name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The subcommand that runs this command.
    var subcommand: Subcommand {
        let shell = self
        return Subcommand(name: spec.name, synopsis: shell.synopsis(full: false), summary: summary, help: shell.help,
                          arguments: shell.arguments) { args, io in
            switch shell.parse(args) {
            case .failure(let e): return io.usageError(e.message)
            case .success(let file, let words, let strict): return ShellCommand.run(words, file: file, strict: strict, io: io)
            }
        }
    }
}

struct FlagError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension Subcommand {
    /// A subcommand that runs `spec`, the REPL command (a table entry of its own, so a shell
    /// run does not build the whole command table).
    static func shell(_ spec: CommandSpec, summary: String, keywordOptions: [String] = []) -> Subcommand {
        ShellCommand(spec: spec, summary: summary, keywordOptions: keywordOptions).subcommand
    }

    static let show = shell(CommandTable.show, summary: "draw one frame")
    static let frames = shell(CommandTable.frames, summary: "print frames one after another (for pipes)")
    static let play = shell(CommandTable.play, summary: "play in real time (space pause, arrows step, ? lists the keys, q quit)")
    static let inspect = shell(CommandTable.inspect, summary: "print values as LAYER.KEYPATH = VALUE")
    static let explain = shell(CommandTable.explain, summary: "why a value is what it is at time T")
    static let export = shell(CommandTable.export, summary: "a frame, the animation or code, the format from OUT's extension",
                              keywordOptions: ExportRequest.Format.allCases.map(\.rawValue))
}
