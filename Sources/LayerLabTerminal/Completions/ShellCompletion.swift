/// The completion scripts for bash, zsh and fish, written from `CLI.subcommands` and
/// `CLI.options`: a subcommand or option added there is completed with no edit here.
///
/// Each script completes, in order of the words: the subcommand (or a file for the REPL), then
/// for each subcommand its `--options`, an option's value when it has a closed set or is a file
/// or folder, and each operand (`FILE`, `OUT`) with the files of its kind and the folders that
/// lead to them.
package enum ShellCompletion {
    package enum Shell: String, Sendable, CaseIterable {
        case bash, zsh, fish
    }

    package static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: return BashCompletion.script(commands)
        case .zsh: return ZshCompletion.script(commands)
        case .fish: return FishCompletion.script(commands)
        }
    }

    /// One thing to complete the words of: a subcommand, or (with an empty name) the words
    /// after `layerlab` itself.
    struct Command {
        var name: String
        var summary: String
        var arguments: CLIArguments
    }

    /// The top level first, then every subcommand in `--help` order.
    static var commands: [Command] {
        [Command(name: "", summary: "the REPL", arguments: CLIArguments(operands: [CLI.operand], options: CLI.options))]
            + CLI.subcommands.map { Command(name: $0.name, summary: $0.summary, arguments: $0.arguments) }
    }

    /// `*.lab` with upper-case spellings too (`SCENE.LAB`), as a list of extensions.
    static func spellings(_ extensions: [String]) -> [String] {
        var all: [String] = []
        for e in extensions + extensions.map({ $0.uppercased() }) where !all.contains(e) { all.append(e) }
        return all
    }

    /// Text for a one-line description in a script: the first clause, no newline.
    static func brief(_ text: String) -> String {
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        return line.count > 70 ? String(line.prefix(67)) + "..." : line
    }
}

extension String {
    /// The text as one single-quoted shell word: `it's` is `'it'\''s'`.
    var shellQuoted: String {
        var out = "'"
        for c in self { out += c == "'" ? "'\\''" : String(c) }
        return out + "'"
    }
}
