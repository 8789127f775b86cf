import LayerLabScript

/// The manual page, `layerlab.1`, in roff for man(1): written from `CLI.subcommands`,
/// `CLI.options`, `CommandTable.all` and `EnvironmentVariables`, so every subcommand, option
/// and REPL command is in it without an edit here. It has no date: the same sources give the
/// same page, byte for byte.
package enum ManPage {
    package static func render() -> String {
        var page = [
            ".\\\" The manual page of layerlab, written by `layerlab help --man` from its command table.",
            ".TH LAYERLAB 1 \"\" \"LayerLab \(CLI.version)\" \"User Commands\"",
            // Ragged right: synopses such as `layer|shape|…` cannot be stretched to a narrow width.
            ".ad l",
            // Nor hyphenated: `export!` and key paths must read as typed.
            ".nh",
            ".SH NAME",
            "layerlab \\- Core Animation-style motion design in the terminal",
        ]
        page += synopsis() + description() + options() + subcommands() + replCommands()
        page += files() + environment() + exitStatus() + examples()
        return page.joined(separator: "\n") + "\n"
    }

    /// `layerlab [FILE]`, `layerlab -c COMMANDS`, then one line a subcommand.
    static func synopsis() -> [String] {
        var lines = [".SH SYNOPSIS", bold("layerlab") + " " + operand(CLI.operand)]
        for o in CLI.options { lines += [".br", bold("layerlab") + " " + optionUsage(o)] }
        for s in CLI.subcommands {
            let a = s.arguments
            let words = [bold(s.name)] + a.operands.map(operand) + a.options.filter { $0.name != "--help" }.map { "[" + optionUsage($0) + "]" }
            lines += [".br", bold("layerlab") + " " + words.joined(separator: " ")]
        }
        return lines
    }

    static func description() -> [String] {
        [".SH DESCRIPTION",
         Roff.text("LayerLab builds Core Animation-style scenes (layers, shapes, text, basic, keyframe and spring animations, groups) from short commands, and plays them in the terminal. Run without a subcommand it is an interactive REPL with line editing, history, Tab completion and hints; FILE, a .lab script or a .json project, is loaded first. With standard input not a terminal it reads commands from it, going on past a failed command, and exits with status 1 at the end if any failed."),
         ".PP",
         Roff.text("The subcommands below load FILE and run one REPL command on it, so scripts, projects and the REPL share one language. Errors are written to standard error as FILE:LINE:COL: message.")]
    }

    static func options() -> [String] {
        [".SH OPTIONS"] + CLI.options.flatMap(optionItem)
    }

    static func subcommands() -> [String] {
        var lines = [".SH SUBCOMMANDS", Roff.text("Each subcommand answers --help.")]
        for s in CLI.subcommands {
            let a = s.arguments
            lines += [".SS " + Roff.literal(s.name),
                      bold("layerlab " + s.name) + " " + (a.operands.map(operand) + (a.options.count > 1 ? ["[" + Roff.italic("OPTIONS") + "]"] : [])).joined(separator: " "),
                      ".PP",
                      Roff.text(sentence(s.summary))]
            lines += a.options.flatMap(optionItem)
        }
        return lines
    }

    /// Every command of the language, by group, with its forms, attributes and words.
    static func replCommands() -> [String] {
        var lines = [".SH REPL COMMANDS",
                     Roff.text("Inside LayerLab (and in .lab scripts and layerlab -c) these commands are typed one a line, attributes as name=value; help COMMAND explains one, and help keypaths, help timing and help values the rest of the language.")]
        for group in CommandSpec.Group.allCases {
            lines.append(".SS " + Roff.text(group.rawValue))
            for c in CommandTable.all where c.group == group {
                // One tag a form: `.TQ` adds a tag to the item `.TP` began.
                for (i, form) in c.synopsisLines.enumerated() {
                    lines += [i == 0 ? ".TP" : ".TQ", bold(form)]
                }
                lines.append(Roff.text(c.summary))
                let attributes = c.helpAttributes
                if !attributes.isEmpty {
                    lines += [".RS", ".PP", Roff.text("Attributes:")]
                    for a in attributes {
                        lines += [".TP", bold(a.name) + "=" + Roff.italic(a.placeholder),
                                  Roff.text(a.meaning + " (default: " + a.defaultValue + ")")]
                    }
                    lines.append(".RE")
                }
                let words = c.flagWords
                if !words.isEmpty {
                    lines += [".RS", ".PP", Roff.text("Words:")]
                    for w in words {
                        lines += [".TP", bold(w), Roff.text(c.flagMeanings[w] ?? "the word \(w)")]
                    }
                    lines.append(".RE")
                }
            }
        }
        return lines
    }

    /// Where the history and the recovery journal live, from the code that puts them there.
    static func files() -> [String] {
        let home = ["HOME": "~"]
        let history = HistoryStore.defaultPath(environment: home) ?? "~/.local/state/layerlab/history"
        let journal = RecoveryJournal.defaultDirectory(environment: home)
        return [".SH FILES",
                ".TP", Roff.italic(history),
                Roff.text("The REPL's history, one entry a line, kept between sessions (the last 1000). With XDG_STATE_HOME set: $XDG_STATE_HOME/layerlab/history."),
                ".TP", Roff.italic(journal + "/session-*.recovery"),
                Roff.text("The recovery journal: each running REPL keeps its unsaved document here, with a lock file (session-*.lock) held while it runs. A clean exit removes both; after a crash the next session says so, and recover brings the work back. With XDG_STATE_HOME set: $XDG_STATE_HOME/layerlab.")]
    }

    static func environment() -> [String] {
        [".SH ENVIRONMENT"] + EnvironmentVariables.all.flatMap { [".TP", bold($0.name), Roff.text($0.meaning)] }
    }

    static func exitStatus() -> [String] {
        [".SH EXIT STATUS",
         ".TP", bold("0"), Roff.text("Success."),
         ".TP", bold("1"), Roff.text("An error: a command failed (layerlab run stops at the first; piped input goes on and exits 1 at the end), a file could not be read or written, or the command line was wrong.")]
    }

    /// Command lines that run as written (the tests check their options against the table).
    static let exampleLines: [(String, String)] = [
        ("layerlab examples/loading-s.lab", "Opens the demo in the REPL; type play to watch it."),
        ("layerlab run scene.lab", "Runs a script, performing its exports."),
        ("layerlab show scene.lab --at 1.5 --mode braille", "Draws the frame at 1.5 seconds."),
        ("layerlab play scene.lab --speed 0.5 --loop", "Plays the scene at half speed, over and over."),
        ("layerlab export scene.lab scene.gif --fps 30", "Writes the animation as a GIF."),
        ("layerlab -c 'shape dot path=circle(100, 100, 30) fillColor=red; export dot.png'", "Runs commands given as an argument."),
        ("source <(layerlab completions bash)", "Turns on Tab completion in the running bash."),
    ]

    static func examples() -> [String] {
        [".SH EXAMPLES"] + exampleLines.flatMap { [".TP", bold($0.0), Roff.text($0.1)] }
    }

    // MARK: - Pieces

    static func bold(_ s: String) -> String { Roff.bold(s) }

    static func operand(_ o: CLIOperand) -> String {
        let word = Roff.italic(o.placeholder) + (o.repeats ? "..." : "")
        return o.optional ? "[" + word + "]" : word
    }

    /// `\fB\-\-at\fR \fIT\fR`.
    static func optionUsage(_ o: CLIOption) -> String {
        bold(o.name) + (o.value.map { " " + Roff.italic($0) } ?? "")
    }

    /// A `.TP` item: every spelling with the value, then the meaning and the default.
    static func optionItem(_ o: CLIOption) -> [String] {
        let tag = o.names.map { bold($0) }.joined(separator: ", ") + (o.value.map { " " + Roff.italic($0) } ?? "")
        let meaning = sentence(o.meaning) + (o.defaultValue.map { " Default: " + $0 + "." } ?? "")
        return [".TP", tag, Roff.text(meaning)]
    }

    /// The text with a capital first letter and a full stop.
    static func sentence(_ s: String) -> String {
        guard let first = s.first else { return s }
        let body = first.uppercased() + s.dropFirst()
        return body.hasSuffix(".") || body.hasSuffix(")") && body.contains(".)") ? body : body + "."
    }
}
