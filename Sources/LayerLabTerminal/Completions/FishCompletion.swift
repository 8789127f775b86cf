/// The fish completion script: `complete` lines guarded by `__layerlab_at`, which says which
/// subcommand and which operand the word being completed belongs to.
enum FishCompletion {
    static func script(_ commands: [ShellCompletion.Command]) -> String {
        let subs = commands.filter { !$0.name.isEmpty }.map(\.name)
        var s = """
        # fish completion for layerlab, written by `layerlab completions fish` from its command table.
        # Install it as share/fish/vendor_completions.d/layerlab.fish (or ~/.config/fish/completions/).

        # True when the word being completed belongs to subcommand $argv[1] (- for none) and, when
        # $argv[2] is given, is operand number $argv[2] (counting from 0; +N: N or later). The
        # options in $argv[3..] take a value, which is not an operand.
        function __layerlab_at
            set -l words (commandline -opc)
            set -l sub -
            set -l first 2
            if set -q words[2]; and contains -- $words[2] \(subs.joined(separator: " "))
                set sub $words[2]
                set first 3
            end
            test "$sub" = "$argv[1]"; or return 1
            set -q argv[2]; or return 0
            set -l n 0
            set -l skip 0
            for i in (seq $first (count $words))
                if test $skip = 1
                    set skip 0
                else if string match -q -- '-?*' $words[$i]
                    contains -- $words[$i] $argv[3..-1]; and set skip 1
                else
                    set n (math $n + 1)
                end
            end
            switch $argv[2]
                case '+*'
                    test $n -ge (string sub -s 2 -- $argv[2])
                case '*'
                    test $n -eq $argv[2]
            end
        end

        # The folders, and the files whose extension is one of $argv (any file when none), that
        # begin with the word being completed.
        function __layerlab_files
            set -l token (commandline -ct)
            set -l pattern '\\.('(string join '|' -- $argv)')$'
            for f in $token*
                if test -d $f
                    echo $f/
                else if test (count $argv) -eq 0; or string match -qir -- $pattern $f
                    echo $f
                end
            end
        end

        complete -c layerlab -f

        """
        for c in commands {
            let name = c.name.isEmpty ? "-" : c.name
            let valueNames = c.arguments.valueOptions.flatMap(\.names)
            for o in c.arguments.options {
                var line = "complete -c layerlab -n " + fishQuoted("__layerlab_at \(name)")
                for n in o.names { line += n.hasPrefix("--") ? " -l " + n.dropFirst(2) : " -s " + n.dropFirst(1) }
                if o.value != nil { line += " -x" + arguments(o.values) }
                line += " -d " + fishQuoted(ShellCompletion.brief(o.meaning))
                s += line + "\n"
            }
            for (i, operand) in c.arguments.operands.enumerated() {
                let position = operand.repeats && i == c.arguments.operands.count - 1 ? "+\(i)" : String(i)
                let condition = fishQuoted((["__layerlab_at", name, position] + valueNames).joined(separator: " "))
                if c.name.isEmpty && i == 0 {
                    for sub in commands where !sub.name.isEmpty {
                        s += "complete -c layerlab -n \(condition) -a \(fishQuoted(sub.name)) -d \(fishQuoted(ShellCompletion.brief(sub.summary)))\n"
                    }
                }
                let offered = arguments(operand.values)
                if !offered.isEmpty { s += "complete -c layerlab -n \(condition)\(offered)\n" }
            }
        }
        return s
    }

    /// ` -a '…'` for what `values` allows (nothing for free text).
    static func arguments(_ values: CLIValues) -> String {
        switch values {
        case .text: return ""
        case .words(let words): return " -a " + fishQuoted(words.joined(separator: " "))
        case .files(let exts): return " -a " + fishQuoted((["(__layerlab_files"] + exts).joined(separator: " ") + ")")
        case .folders: return " -a " + fishQuoted("(__fish_complete_directories)")
        }
    }

    /// One fish word in single quotes (fish escapes `\` and `'` inside them).
    static func fishQuoted(_ s: String) -> String {
        var out = "'"
        for c in s { out += c == "\\" || c == "'" ? "\\" + String(c) : String(c) }
        return out + "'"
    }
}
