import LayerLabBuildInfo
import LayerLabCore
import LayerLabScript

/// The `layerlab` command line: a dispatch table of subcommands, each in its own file.
///
/// Subcommands that run a REPL command on a file (`show`, `frames`, `play`, `inspect`,
/// `explain`, `export`) are built from the command's `CommandTable` entry by `ShellCommand`; to
/// add one, give its `CommandTable` entry a static of its own, write `static let NAME =
/// shell(CommandTable.NAME, summary: …)` and list it in `CLI.subcommands`.
/// The shell completions and the manual page are written from the same list.
package enum CLI {
    package static let version = BuildInfo.version

    /// Every subcommand, in `--help` order.
    package static let subcommands: [Subcommand] = [
        .run, .show, .frames, .play, .inspect, .explain, .export, .completions, .help,
    ]

    /// The subcommand a word names, building only that one: a run that built them all built
    /// every shell command's table entry (a twentieth of a small export's instructions).
    static func subcommand(named name: String) -> Subcommand? {
        switch name {
        case "run": .run
        case "show": .show
        case "frames": .frames
        case "play": .play
        case "inspect": .inspect
        case "explain": .explain
        case "export": .export
        case "completions": .completions
        case "help": .help
        default: nil
        }
    }

    /// `layerlab [FILE]`: the REPL, with a script or project loaded.
    package static let operand = CLIOperand("FILE", .files(DocumentFiles.inputExtensions), optional: true)

    /// The options before any subcommand.
    package static let options: [CLIOption] = [
        CLIOption(["-c"], value: "COMMANDS", meaning: "run the commands (separated by ; or new lines), stopping at the first error"),
        CLIOption(["--help", "-h"], meaning: "the usage: every subcommand and option"),
        CLIOption(["--version", "-V"], meaning: "the version and the commit it was built from"),
    ]

    /// `layerlab 0.1.0 (commit 0123abc…)`: what `--version` prints.
    package static var versionLine: String { BuildInfo.versionLine }

    /// Runs the command line and returns the exit status (0, or 1 on any error).
    package static func main(_ arguments: [String], io: StandardIO = StandardIO()) -> Int32 {
        var args = Array(arguments.dropFirst())
        guard let first = args.first else { return Interactive.run(file: nil, io: io) }
        switch first {
        case "--help", "-h":
            io.out(usage)
            return 0
        case "--version", "-V":
            io.out(versionLine)
            return 0
        case "-c":
            args.removeFirst()
            guard let text = args.first, args.count == 1 else { return io.usageError("-c takes one argument: layerlab -c 'COMMAND; COMMAND'") }
            return InlineCommands.run(text, io: io)
        default:
            if let sub = subcommand(named: first) {
                let rest = Array(args.dropFirst())
                if rest.contains(where: { $0 == "--help" || $0 == "-h" }) {
                    io.out(sub.help)
                    return 0
                }
                return sub.run(rest, io)
            }
            if first.hasPrefix("-") { return io.usageError("unknown option '\(escapeForTerminal(first))' (see layerlab --help)") }
            // A word that is not a file and does not look like one is a mistyped subcommand.
            guard args.count == 1, !looksLikeSubcommand(first, exists: io.fileExists) else {
                return io.usageError(unknownSubcommand(first))
            }
            return Interactive.run(file: first, io: io)
        }
    }

    /// `frobnicate` (no such file, no dot or slash) reads as a subcommand, not a file to open.
    static func looksLikeSubcommand(_ word: String, exists: (String) -> Bool) -> Bool {
        !exists(word) && !word.contains(".") && !word.contains("/")
    }

    /// "unknown subcommand 'frobnicate'; did you mean 'frames'? The subcommands: run, show, …"
    static func unknownSubcommand(_ word: String) -> String {
        let names = subcommands.map(\.name)
        let nearest = Suggestion.nearest(word, in: names) ?? names.first { $0.hasPrefix(word.lowercased()) }
        let guess = nearest.map { "; did you mean '\($0)'?" } ?? ""
        return "unknown subcommand '\(escapeForTerminal(word))'\(guess)\n"
            + "subcommands: \(names.joined(separator: ", ")) (layerlab SUBCOMMAND --help for one; layerlab --help for all)"
    }

    static var usage: String {
        var lines = [
            "LayerLab \(version): Core Animation-style animation in the terminal.",
            "",
            "Usage:",
            "  layerlab [FILE]                  the REPL (FILE: a .lab script or .json project to load);",
            "                                   with standard input not a terminal, reads commands from it",
        ]
        for s in subcommands {
            let synopsis = "layerlab \(s.synopsis)"
            // A long synopsis gets a line of its own, the summary under it in the same column.
            if synopsis.count < 33 {
                lines.append("  " + synopsis.padded(33) + s.summary)
            } else {
                lines.append("  " + synopsis)
                lines.append(String(repeating: " ", count: 35) + s.summary)
            }
        }
        lines += [
            "  " + "layerlab -c 'COMMAND; COMMAND'".padded(33) + "run commands given as an argument",
            "  " + "layerlab --help | --version".padded(33) + "this text | the version and commit",
            "",
            "`layerlab SUBCOMMAND --help` explains one. Inside LayerLab, type `help` for the commands.",
            "Errors exit with status 1.",
        ]
        return lines.joined(separator: "\n")
    }
}

/// One `layerlab SUBCOMMAND …`: how it is shown in `--help` and what it runs.
package struct Subcommand: Sendable {
    package var name: String
    /// The usage line after `layerlab`, written only when asked for, like `help`.
    package var synopsis: String { makeSynopsis() }
    private let makeSynopsis: @Sendable () -> String
    package var summary: String
    /// What `layerlab NAME --help` prints, written only when asked for (start-up stays short).
    package var help: String { makeHelp() }
    private let makeHelp: @Sendable () -> String
    /// Runs with the arguments after the subcommand's name; returns the exit status.
    package var run: @Sendable ([String], StandardIO) -> Int32
    /// Its operands and options as data (with `--help`), for completions and the manual;
    /// written only when asked for.
    package var arguments: CLIArguments {
        var a = makeArguments()
        a.options.append(CLIOption(["--help", "-h"], meaning: "how to use it"))
        return a
    }
    private let makeArguments: @Sendable () -> CLIArguments

    package init(name: String, synopsis: @autoclosure @escaping @Sendable () -> String, summary: String,
                help: @autoclosure @escaping @Sendable () -> String,
                arguments: @autoclosure @escaping @Sendable () -> CLIArguments,
                run: @escaping @Sendable ([String], StandardIO) -> Int32) {
        self.name = name; self.makeSynopsis = synopsis; self.summary = summary; self.makeHelp = help
        self.makeArguments = arguments; self.run = run
    }
}

extension String {
    func padded(_ n: Int) -> String { count >= n ? self + " " : self + String(repeating: " ", count: n - count) }
}
