/// The bash completion script: one function, `_layerlab`, registered with `complete -F`.
///
/// It needs only bash's own `compgen`/`compopt` (not the bash-completion package), so it works
/// sourced into any bash as well as installed where bash-completion loads it on demand.
enum BashCompletion {
    static func script(_ commands: [ShellCompletion.Command]) -> String {
        var s = """
        # bash completion for layerlab, written by `layerlab completions bash` from its command table.
        # Install it as share/bash-completion/completions/layerlab, or: source <(layerlab completions bash)

        # Offers the folders, and the files whose extension is one of $1 (separated by |; any file
        # when empty), that begin with $2.
        _layerlab_files() {
            local IFS=$'\\n' extglob
            extglob=$(shopt -p extglob)
            shopt -s extglob
            compopt -o filenames 2>/dev/null
            if [[ -n $1 ]]; then
                COMPREPLY+=($(compgen -d -- "$2") $(compgen -f -X "!*.@($1)" -- "$2"))
            else
                COMPREPLY+=($(compgen -f -- "$2"))
            fi
            eval "$extglob"
        }

        # Offers the folders that begin with $1.
        _layerlab_folders() {
            local IFS=$'\\n'
            compopt -o filenames 2>/dev/null
            COMPREPLY+=($(compgen -d -- "$1"))
        }

        # Offers the words of $1 that begin with $2.
        _layerlab_words() {
            local IFS=$' \\t\\n'
            COMPREPLY+=($(compgen -W "$1" -- "$2"))
        }

        # Sets _layerlab_operand to how many operands come before the word being completed,
        # counting from word $1; the options in $2 take a value, which is not an operand.
        _layerlab_count() {
            local i skip=
            _layerlab_operand=0
            for ((i = $1; i < COMP_CWORD; i++)); do
                if [[ -n $skip ]]; then skip=; continue; fi
                case ${COMP_WORDS[i]} in
                    -?*) [[ " $2 " == *" ${COMP_WORDS[i]} "* ]] && skip=1 ;;
                    *) ((_layerlab_operand++)) ;;
                esac
            done
        }

        _layerlab() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev= sub= first=2 _layerlab_operand
            ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
            COMPREPLY=()
            if ((COMP_CWORD > 1)); then
                case ${COMP_WORDS[1]} in
                    \(subcommandNames(commands).joined(separator: "|"))) sub=${COMP_WORDS[1]} ;;
                    *) first=1 ;;
                esac
            else
                first=1
            fi
            case $sub in

        """
        for c in commands {
            s += block(c, all: commands)
        }
        s += """
            esac
        }

        complete -F _layerlab layerlab

        """
        return s
    }

    static func subcommandNames(_ commands: [ShellCompletion.Command]) -> [String] {
        commands.map(\.name).filter { !$0.isEmpty }
    }

    /// The `case` branch for one command: an option's value, then options, then operands.
    static func block(_ c: ShellCompletion.Command, all: [ShellCompletion.Command]) -> String {
        let indent = "            "
        var lines = ["        " + (c.name.isEmpty ? "''" : c.name) + ")"]
        let valueOptions = c.arguments.valueOptions
        if !valueOptions.isEmpty {
            lines.append(indent + "case $prev in")
            for o in valueOptions {
                lines.append(indent + "    " + o.names.joined(separator: "|") + ") " + offer(o.values) + " return ;;")
            }
            lines.append(indent + "esac")
        }
        let optionWords = c.arguments.options.flatMap(\.names).joined(separator: " ")
        lines.append(indent + "if [[ $cur == -* ]]; then _layerlab_words \(optionWords.shellQuoted) \"$cur\"; return; fi")
        lines.append(indent + "_layerlab_count $first \(valueOptions.flatMap(\.names).joined(separator: " ").shellQuoted)")
        lines.append(indent + "case $_layerlab_operand in")
        for (i, operand) in c.arguments.operands.enumerated() {
            var action = offer(operand.values)
            // The REPL's FILE shares the first word with the subcommands.
            if c.name.isEmpty && i == 0 {
                action = "_layerlab_words \(subcommandNames(all).joined(separator: " ").shellQuoted) \"$cur\"; " + action
            }
            let label = operand.repeats && i == c.arguments.operands.count - 1 ? "*" : String(i)
            lines.append(indent + "    " + label + ") " + action + " ;;")
        }
        lines.append(indent + "esac ;;")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The call that offers what `values` allows (`:` when nothing: free text).
    static func offer(_ values: CLIValues) -> String {
        switch values {
        case .text: return ":;"
        case .words(let words): return "_layerlab_words \(words.joined(separator: " ").shellQuoted) \"$cur\";"
        case .files(let exts): return "_layerlab_files \(ShellCompletion.spellings(exts).joined(separator: "|").shellQuoted) \"$cur\";"
        case .folders: return "_layerlab_folders \"$cur\";"
        }
    }
}
