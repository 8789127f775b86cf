import Foundation
@testable import LayerLabTerminal
import LayerLabScript
import Testing

/// `layerlab help --man`: every subcommand, option, REPL command and environment variable is
/// on the page, and groff renders it without a warning.
struct ManPageTests {
    static let page = ManPage.render()

    /// The page as a reader sees it: fonts, break points and escapes gone.
    static let plain: String = {
        var s = page
        for (escape, text) in [("\\fB", ""), ("\\fI", ""), ("\\fR", ""), ("\\:", ""), ("\\-", "-"), ("\\&", ""), ("\\e", "\\")] {
            s = s.replacingOccurrences(of: escape, with: text)
        }
        return s
    }()

    @Test func everySubcommandAndOptionIsOnThePage() {
        for sub in CLI.subcommands {
            #expect(Self.plain.contains("layerlab " + sub.name), "subcommand \(sub.name)")
            #expect(Self.page.contains(".SS " + Roff.literal(sub.name)), "a section for \(sub.name)")
            for option in sub.arguments.options {
                for name in option.names {
                    // Written with roff's minus, as man pages write options.
                    #expect(Self.page.contains(Roff.bold(name)), "\(sub.name) \(name)")
                }
                if case .words(let values) = option.values {
                    for v in values { #expect(Self.plain.contains(v), "\(sub.name) \(option.name) value \(v)") }
                }
            }
        }
        for option in CLI.options {
            for name in option.names { #expect(Self.page.contains(Roff.bold(name)), "layerlab \(name)") }
        }
    }

    @Test func everyREPLCommandAndAttributeIsOnThePage() {
        for command in CommandTable.all {
            for line in command.synopsisLines { #expect(Self.plain.contains(line), "\(command.name): \(line)") }
            for a in command.helpAttributes {
                #expect(Self.plain.contains(a.name + "=" + a.placeholder), "\(command.name) \(a.name)")
            }
            for w in command.flagWords { #expect(Self.plain.contains(w + "\n" + (command.flagMeanings[w] ?? ""))) }
        }
    }

    @Test func sectionsInOrder() throws {
        let sections = Self.page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
        #expect(sections == ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "SUBCOMMANDS", "REPL COMMANDS",
                             "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES"])
    }

    /// No text line is read as a request: every line starting with `.` or `'` is a macro the
    /// page means, and no raw backslash or non-ASCII character is left.
    @Test func textIsEscaped() {
        let requests: Set<String> = ["\\\"", "TH", "SH", "SS", "PP", "TP", "RS", "RE", "br", "ad", "nh", "TQ"]
        for line in Self.page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".") || line.hasPrefix("'") {
                let name = line.dropFirst().prefix { $0 != " " }
                #expect(requests.contains(String(name)), "a stray request: \(line)")
            }
            #expect(line.unicodeScalars.allSatisfy { $0.value < 127 }, "non-ASCII in \(line)")
        }
        #expect(Roff.text(".hidden\n'quoted") == "\\&.hidden\n\\&'quoted")
        #expect(Roff.literal("--at a\\b") == "\\-\\-at a\\eb")
        #expect(Roff.text("a → b") == "a \\[u2192] b")
    }

    /// FILES names where the history and the recovery journal really are.
    @Test func filesAreWhereTheCodePutsThem() {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let history = HistoryStore.defaultPath(environment: ["HOME": home])!
        #expect(Self.plain.contains(history.replacingOccurrences(of: home, with: "~")))
        let journal = RecoveryJournal.defaultDirectory(environment: ["HOME": home])
        #expect(Self.plain.contains(journal.replacingOccurrences(of: home, with: "~") + "/session-*.recovery"))
        #expect(Self.plain.contains("$XDG_STATE_HOME/layerlab/history"))
        #expect(HistoryStore.defaultPath(environment: ["XDG_STATE_HOME": "/s"]) == "/s/layerlab/history")
        #expect(RecoveryJournal.defaultDirectory(environment: ["XDG_STATE_HOME": "/s"]) == "/s/layerlab")
    }

    /// Every variable the sources read is under ENVIRONMENT (and the list holds nothing the
    /// sources do not read).
    @Test func environmentListsEveryVariableTheCodeReads() throws {
        let read = try Self.variablesRead()
        let listed = Set(EnvironmentVariables.all.map(\.name))
        #expect(read.isSuperset(of: ["NO_COLOR", "COLORTERM", "VISUAL", "EDITOR", "XDG_STATE_HOME", "LAYERLAB_IMAGE_PATH"]))
        #expect(read.subtracting(listed).isEmpty, "read but not in the manual: \(read.subtracting(listed).sorted())")
        #expect(listed.subtracting(read).isEmpty, "in the manual but never read: \(listed.subtracting(read).sorted())")
        for name in listed { #expect(Self.page.contains(".TP\n" + Roff.bold(name) + "\n")) }
    }

    /// `environment["X"]`, `env["X"]`, `getenv("X")` and `for key in ["X", "Y"]` over the
    /// environment, in every source file.
    static func variablesRead() throws -> Set<String> {
        let sources = ToolRun.repository + "/Sources"
        let files = FileManager.default.enumerator(atPath: sources)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        let direct = try NSRegularExpression(pattern: #"(?:env|environment|ProcessEnvironment\.current\(\))\["([A-Z][A-Z0-9_]*)"\]|getenv\("([A-Z][A-Z0-9_]*)"\)"#)
        let keyList = try NSRegularExpression(pattern: #"for key in \[([^\]]*)\][^\n]*\n[^\n]*environment\[key\]"#)
        var names: Set<String> = []
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for m in direct.matches(in: text, range: range) {
                for g in 1...2 where m.range(at: g).location != NSNotFound { names.insert(String(text[Range(m.range(at: g), in: text)!])) }
            }
            for m in keyList.matches(in: text, range: range) {
                let inner = String(text[Range(m.range(at: 1), in: text)!])
                for word in inner.split(separator: ",") { names.insert(word.trimmingCharacters(in: CharacterSet(charactersIn: " \""))) }
            }
        }
        return names
    }

    /// The examples use only subcommands and options the table has.
    @Test func examplesUseRealOptions() {
        for (line, _) in ManPage.exampleLines where line.hasPrefix("layerlab ") {
            let words = line.split(separator: " ").map(String.init)
            guard let sub = CLI.subcommands.first(where: { $0.name == words[1] }) else { continue }
            let names = Set(sub.arguments.options.flatMap(\.names))
            for w in words where w.hasPrefix("--") { #expect(names.contains(w), "\(line): \(w)") }
        }
    }

    /// groff renders the page with every warning on and prints none, at man's default device
    /// and as man shows it in a narrow and a wide terminal.
    @Test(.enabled(if: ToolRun.which("groff") != nil, "groff is not installed (scripts/setup --test installs it)"))
    func groffRendersWithoutWarnings() throws {
        let groff = try #require(ToolRun.which("groff"))
        for extra in [[], ["-Tutf8", "-rLL=60n"], ["-Tutf8", "-rLL=100n"]] {
            let r = try ToolRun.run(groff, ["-man", "-ww", "-z"] + extra, input: Self.page)
            #expect(r.status == 0 && r.err.isEmpty, "groff \(extra): \(r.err)")
        }
        let shown = try ToolRun.run(groff, ["-man", "-Tutf8", "-rLL=80n", "-P-cbou"], input: Self.page)
        #expect(shown.out.contains("REPL COMMANDS") && shown.out.contains("LAYERLAB_IMAGE_PATH"))
    }
}
