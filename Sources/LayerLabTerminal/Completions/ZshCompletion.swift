/// The zsh completion script: an `#compdef layerlab` function for zsh's completion system
/// (compinit), one `_arguments` call for the top level and one for each subcommand.
enum ZshCompletion {
    static func script(_ commands: [ShellCompletion.Command]) -> String {
        guard let top = commands.first(where: { $0.name.isEmpty }) else { return "" }
        let subs = commands.filter { !$0.name.isEmpty }
        var s = """
        #compdef layerlab
        # zsh completion for layerlab, written by `layerlab completions zsh` from its command table.
        # Install it as _layerlab in a folder on $fpath (share/zsh/site-functions), then run compinit.

        _layerlab() {
            local curcontext=$curcontext state state_descr line ret=1
            typeset -A opt_args
            local -a subcommands=(

        """
        for c in subs {
            s += "        " + (escapeColons(c.name) + ":" + ShellCompletion.brief(c.summary)).shellQuoted + "\n"
        }
        s += "    )\n"
        s += "    _arguments -C -S \\\n"
        for o in top.arguments.options {
            s += "        " + optionSpecs(o).joined(separator: " \\\n        ") + " \\\n"
        }
        let file = top.arguments.operands.first.map { command($0.values) } ?? ":"
        s += """
                '1: :->first' \\
                '*:: :->rest' && ret=0
            case $state in
                first)
                    _describe -t subcommands subcommand subcommands && ret=0
                    \(file) && ret=0
                    ;;
                rest)
                    curcontext=${curcontext%:*:*}:layerlab-$words[1]:
                    case $words[1] in

        """
        for c in subs {
            var specs = c.arguments.options.flatMap(optionSpecs)
            for (i, operand) in c.arguments.operands.enumerated() {
                let position = operand.repeats && i == c.arguments.operands.count - 1 ? "*" : String(i + 1)
                specs.append((position + ":" + escapeColons(operand.placeholder) + ":" + action(operand.values)).shellQuoted)
            }
            s += "                \(c.name))\n"
            s += "                    _arguments -S \\\n"
            s += specs.map { "                        " + $0 }.joined(separator: " \\\n") + " && ret=0 ;;\n"
        }
        s += """
                    esac
                    ;;
            esac
            return ret
        }

        _layerlab "$@"

        """
        return s
    }

    /// `--at[scene time]:T: ` for `--at T`; `(- *)`{--help,-h}`[…]` for an option that ends
    /// the command line, one spec a spelling otherwise.
    static func optionSpecs(_ o: CLIOption) -> [String] {
        let description = "[" + escapeBrackets(ShellCompletion.brief(o.meaning)) + "]"
        var tail = ""
        if let value = o.value { tail = ":" + escapeColons(value) + ":" + action(o.values) }
        if o.name == "--help" || o.name == "--version" {
            return ["'(- *)'{" + o.names.joined(separator: ",") + "}" + (description + tail).shellQuoted]
        }
        // A value may follow as the next word or after `=` (`--at=2`, as the shell accepts).
        return o.names.map { ($0 + (o.value != nil && $0.hasPrefix("--") ? "=" : "") + description + tail).shellQuoted }
    }

    /// What `_arguments` runs for a value: a list, a file glob, folders, or a message only.
    static func action(_ values: CLIValues) -> String {
        switch values {
        case .text: return " "
        case .words(let words): return "(" + words.map(escapeAction).joined(separator: " ") + ")"
        case .files(let exts) where exts.isEmpty: return "_files"
        case .files(let exts): return "_files -g \"*.(" + ShellCompletion.spellings(exts).joined(separator: "|") + ")(-.)\""
        case .folders: return "_files -/"
        }
    }

    /// The same as a command of its own (for the first word, beside the subcommands).
    static func command(_ values: CLIValues) -> String {
        switch values {
        case .text: return ":"
        case .words(let words): return "compadd -- " + words.map(\.shellQuoted).joined(separator: " ")
        default: return action(values)
        }
    }

    static func escapeColons(_ s: String) -> String {
        var out = ""
        for c in s { out += c == ":" ? "\\:" : String(c) }
        return out
    }

    static func escapeBrackets(_ s: String) -> String {
        var out = ""
        for c in s { out += c == "[" || c == "]" || c == ":" ? "\\" + String(c) : String(c) }
        return out
    }

    static func escapeAction(_ s: String) -> String {
        var out = ""
        for c in s { out += " ():\\".contains(c) ? "\\" + String(c) : String(c) }
        return out
    }
}
