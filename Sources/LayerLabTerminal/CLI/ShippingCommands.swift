extension Subcommand {
    /// `layerlab completions bash|zsh|fish`: the shell's completion script, written from the
    /// subcommand table (`ShellCompletion`).
    static let completions = Subcommand(
        name: "completions", synopsis: "completions " + ShellCompletion.Shell.allCases.map(\.rawValue).joined(separator: "|"),
        summary: "print the shell's completion script",
        help: """
        Usage: layerlab completions \(ShellCompletion.Shell.allCases.map(\.rawValue).joined(separator: "|"))

        Prints the completion script for the shell: subcommands, their options, the values of
        options with a closed set, and files of the right kind for each argument. scripts/install
        puts it where each shell looks; to try it in the running bash: source <(layerlab completions bash)

        Options:
          --help  this text
        """,
        arguments: CLIArguments(operands: [CLIOperand("SHELL", .words(ShellCompletion.Shell.allCases.map(\.rawValue)))], options: [])
    ) { args, io in
        guard args.count == 1, let shell = ShellCompletion.Shell(rawValue: args[0]) else {
            let shells = ShellCompletion.Shell.allCases.map(\.rawValue).joined(separator: "|")
            return io.usageError("usage: layerlab completions \(shells)")
        }
        io.out(String(ShellCompletion.script(for: shell).dropLast()))
        return 0
    }

    /// `layerlab help [--man | SUBCOMMAND]`: the usage, the manual page as roff, or one
    /// subcommand's help.
    static let help = Subcommand(
        name: "help", synopsis: "help [--man | SUBCOMMAND]", summary: "this text, a subcommand's, or with --man the manual page (roff)",
        help: """
        Usage: layerlab help [--man | SUBCOMMAND]

        Prints the usage (as layerlab --help does), or what layerlab SUBCOMMAND --help prints.
        With --man prints the manual page in roff, for man(1): layerlab help --man > layerlab.1

        Options:
          --man   the manual page
          --help  this text
        """,
        arguments: CLIArguments(operands: [CLIOperand("SUBCOMMAND", .words(CLI.subcommands.map(\.name)), optional: true)],
                                options: [CLIOption(["--man"], meaning: "print the manual page (roff) instead")])
    ) { args, io in
        if args.isEmpty {
            io.out(CLI.usage)
        } else if args == ["--man"] {
            io.out(String(ManPage.render().dropLast()))
        } else if args.count == 1, let sub = CLI.subcommands.first(where: { $0.name == args[0] }) {
            io.out(sub.help)
        } else {
            return io.usageError("usage: layerlab help [--man | SUBCOMMAND]")
        }
        return 0
    }
}
