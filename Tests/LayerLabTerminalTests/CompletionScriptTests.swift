import Foundation
import LayerLabScript
@testable import LayerLabTerminal
import Testing

/// `layerlab completions bash|zsh|fish`, driven in the real shells: what Tab offers after
/// `layerlab ex`, `layerlab export x.lab --mo`, `layerlab play ` and the rest, in a folder
/// holding files of several kinds. The expected offers come from the subcommand table, so a
/// new option or format must reach every shell.
@Suite(.serialized) struct CompletionScriptTests {
    /// Files of each kind the completions tell apart, and a folder.
    static let fixture: String = {
        let dir = try! ToolRun.temporaryFolder("completion")
        for name in ["a.lab", "b.json", "C.LAB", "e.gif", "f.png", "g.swift", "h.cast", "notes.txt", "exact.lab"] {
            _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data())
        }
        try! FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
        return dir
    }()

    static func subcommand(_ name: String) -> Subcommand { CLI.subcommands.first { $0.name == name }! }

    /// What each line should offer, from the table: subcommands and files for the first word,
    /// options by prefix, closed sets, and files by extension (folders too, to reach them).
    static var cases: [(line: String, expected: Set<String>)] {
        let files = ["a.lab", "b.json", "C.LAB", "e.gif", "f.png", "g.swift", "h.cast", "notes.txt", "exact.lab"]
        func withExtension(_ exts: [String]) -> Set<String> {
            Set(files.filter { f in exts.contains { f.lowercased().hasSuffix("." + $0) } } + ["sub"])
        }
        let show = subcommand("show").arguments
        let export = subcommand("export").arguments
        let modes = show.options.first { $0.name == "--mode" }!
        guard case .words(let modeWords) = modes.values else { return [] }
        let fixed: [(line: String, expected: Set<String>)] = [
            ("layerlab ex", Set(CLI.subcommands.map(\.name).filter { $0.hasPrefix("ex") } + files.filter { $0.hasPrefix("ex") && $0.hasSuffix(".lab") })),
            ("layerlab export x.lab --mo", Set(export.options.flatMap(\.names).filter { $0.hasPrefix("--mo") })),
            ("layerlab show x.lab --mo", ["--mode"]),
            ("layerlab play ", withExtension(DocumentFiles.inputExtensions)),
            ("layerlab run a.lab ", withExtension(DocumentFiles.inputExtensions)),
            ("layerlab export x.lab ", withExtension(DocumentFiles.exportExtensions)),
            ("layerlab export x.lab --png ", withExtension(["png"])),
            ("layerlab show x.lab --mode ", Set(modeWords)),
            ("layerlab export x.lab --platform ", ["ios", "macos"]),
            ("layerlab completions ", ["bash", "zsh", "fish"]),
            ("layerlab show x.lab --at ", []),
        ]
        // Every subcommand's options, so none can be left out of a script.
        let options: [(line: String, expected: Set<String>)] = CLI.subcommands.map { sub in
            let names: [String] = sub.arguments.options.flatMap(\.names).filter { $0.hasPrefix("--") }
            return ("layerlab \(sub.name) x.lab --", Set(names))
        }
        return fixed + options
    }

    /// Writes the script where the shell's test driver reads it; returns its path.
    static func install(_ shell: ShellCompletion.Shell) throws -> String {
        let dir = try ToolRun.temporaryFolder("completion-\(shell.rawValue)")
        let path = dir + (shell == .zsh ? "/_layerlab" : "/layerlab.\(shell.rawValue)")
        try ShellCompletion.script(for: shell).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The candidates, without descriptions, folders without their `/`.
    static func offers(_ output: String) -> Set<String> {
        Set(output.split(separator: "\n").map { line in
            var word = String(line.split(separator: "\t", omittingEmptySubsequences: false)[0])
            if word.hasSuffix("/") { word.removeLast() }
            return word
        })
    }

    static let environment = ["PATH": "/usr/bin:/bin", "HOME": fixture, "TERM": "dumb", "LANG": "C.UTF-8"]

    @Test(.enabled(if: ToolRun.which("bash") != nil, "bash is not installed"))
    func bashOffers() throws {
        let script = try Self.install(.bash)
        // The words as bash's readline splits them, then the completion function as bash calls it.
        let driver = """
            source "$1" || exit 3
            line=$2
            read -ra COMP_WORDS <<< "$line"
            [[ $line == *' ' ]] && COMP_WORDS+=('')
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_LINE=$line COMP_POINT=${#line}
            _layerlab layerlab "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        for (line, expected) in Self.cases {
            let r = try ToolRun.run("/bin/bash", ["--norc", "--noprofile", "-c", driver, "bash", script, line],
                                    environment: Self.environment, directory: Self.fixture)
            #expect(r.status == 0 && r.err.isEmpty, "\(line): \(r.err)")
            #expect(Self.offers(r.out) == expected, "bash: \(line)")
        }
    }

    @Test(.enabled(if: ToolRun.which("fish") != nil, "fish is not installed (scripts/setup --test installs it)"))
    func fishOffers() throws {
        let script = try Self.install(.fish)
        let fish = try #require(ToolRun.which("fish"))
        for (line, expected) in Self.cases {
            let r = try ToolRun.run(fish, ["--no-config", "-c", "source $argv[1]; and complete -C $argv[2]", script, line],
                                    environment: Self.environment, directory: Self.fixture)
            #expect(r.status == 0 && r.err.isEmpty, "\(line): \(r.err)")
            #expect(Self.offers(r.out) == expected, "fish: \(line)")
        }
    }

    /// zsh completes only inside its line editor, so the driver starts an interactive zsh on a
    /// pseudo-terminal (zsh/zpty), types the line and Tab, and reads back each match the
    /// completion system adds (`compadd` wrapped to print them).
    static let zshDriver = """
        zmodload zsh/zpty || exit 3
        zpty z zsh -f -i
        zpty -w z "PROMPT= RPROMPT=; fpath=(${(q)1} \\$fpath); autoload -Uz compinit; compinit -u -D"
        zpty -w z 'zstyle ":completion:*" list-prompt ""; zstyle ":completion:*" menu no; LISTMAX=100000'
        zpty -w z 'compadd() { local a; for a in "$@"; do [[ $a == -- || $a == - ]] && break; [[ $a == -[OAD]* ]] && { builtin compadd "$@"; return; }; done; local -a got; builtin compadd -A got "$@"; local m; for m in $got; do print -r -- "<h""it>$m</h""it>"; done; builtin compadd "$@"; }'
        zpty -w z 'capture() { zle complete-word; print -r -- "<fin""ished>"; }; zle -N capture; bindkey "^I" capture'
        zpty -n -w z "$2"$'\\t'
        buf=
        for i in {1..400}; do
            zpty -r -t z chunk && buf+=$chunk
            [[ $buf == *'<finished>'* ]] && break
            sleep 0.05
        done
        zpty -d z
        [[ $buf == *'<finished>'* ]] || { print -u2 "no answer from zsh"; exit 4; }
        for line in ${(f)buf//$'\\r'/}; do
            [[ $line == *'<hit>'*'</hit>'* ]] && { line=${line#*<hit>}; print -r -- ${line%%</hit>*}; }
        done
        exit 0
        """

    @Test(.enabled(if: ToolRun.which("zsh") != nil, "zsh is not installed (scripts/setup --test installs it)"))
    func zshOffers() throws {
        let script = try Self.install(.zsh)
        let folder = URL(fileURLWithPath: script).deletingLastPathComponent().path
        let zsh = try #require(ToolRun.which("zsh"))
        for (line, expected) in Self.cases {
            let r = try ToolRun.run(zsh, ["-f", "-c", Self.zshDriver, "zsh", folder, line],
                                    environment: Self.environment, directory: Self.fixture)
            #expect(r.status == 0 && r.err.isEmpty, "\(line): \(r.err)")
            #expect(Self.offers(r.out) == expected, "zsh: \(line)")
        }
    }

    /// Every subcommand, option and closed-set value of the table is in every script.
    @Test(arguments: ShellCompletion.Shell.allCases)
    func everyCommandAndOptionIsCompleted(_ shell: ShellCompletion.Shell) {
        let script = ShellCompletion.script(for: shell)
        let quoteChars = CharacterSet(charactersIn: "'\"(){}[]|;,=")
        let words = Set(script.components(separatedBy: quoteChars.union(.whitespacesAndNewlines)))
        func mentions(_ word: String) -> Bool {
            // fish names options without their dashes (`-l mode`, `-s h`).
            shell == .fish && word.hasPrefix("-") ? script.contains((word.hasPrefix("--") ? "-l " : "-s ") + word.drop { $0 == "-" })
                : words.contains(word)
        }
        for sub in CLI.subcommands {
            #expect(mentions(sub.name), "\(shell): subcommand \(sub.name)")
            for option in sub.arguments.options {
                for name in option.names { #expect(mentions(name), "\(shell): \(sub.name) \(name)") }
                if case .words(let values) = option.values {
                    for v in values { #expect(words.contains(v), "\(shell): \(sub.name) \(option.name) \(v)") }
                }
                if case .files(let exts) = option.values {
                    for e in exts { #expect(script.contains(e), "\(shell): \(sub.name) \(option.name) .\(e)") }
                }
            }
            for operand in sub.arguments.operands {
                if case .files(let exts) = operand.values {
                    for e in exts { #expect(script.contains(e), "\(shell): \(sub.name) \(operand.placeholder) .\(e)") }
                }
            }
        }
        for option in CLI.options { for name in option.names { #expect(mentions(name), "\(shell): \(name)") } }
    }

    /// A run builds only the subcommand it names, and the shell's commands only their own
    /// table entries: both lookups must find what the full lists hold.
    @Test func subcommandsAreFoundByNameWithoutTheWholeTable() {
        for sub in CLI.subcommands { #expect(CLI.subcommand(named: sub.name)?.name == sub.name) }
        #expect(CLI.subcommand(named: "frobnicate") == nil && CLI.subcommand(named: "") == nil)
        for word in CommandTable.names {
            let first = CommandTable.all.first { $0.words.contains(word) }
            #expect(CommandTable.spec(word)?.name == first?.name, "\(word)")
        }
        for spec in [CommandTable.show, CommandTable.play, CommandTable.frames, CommandTable.inspect, CommandTable.explain, CommandTable.export] {
            #expect(CommandTable.all.contains { $0.name == spec.name })
        }
    }
}
