#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabScript

/// Standard input, output and error for the command line, and whether they are terminals.
/// A value so tests and other front ends can substitute their own.
public struct StandardIO: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    public var readLine: @Sendable () -> String?
    public var inputIsTerminal: Bool
    /// Standard output is a terminal (`layerlab run` then says what it did).
    public var outputIsTerminal: Bool
    /// Whether a file exists (`layerlab WORD`: a file to open, or a mistyped subcommand).
    public var fileExists: @Sendable (String) -> Bool
    /// The folder of the file being worked on; relative image files are read from it.
    public var baseDirectory: String?

    public init(out: @escaping @Sendable (String) -> Void = { s in writeAll(1, s + "\n") },
                err: @escaping @Sendable (String) -> Void = { s in writeAll(2, s + "\n") },
                readLine: @escaping @Sendable () -> String? = { Swift.readLine(strippingNewline: true) },
                inputIsTerminal: Bool = isatty(0) != 0,
                outputIsTerminal: Bool = isatty(1) != 0,
                fileExists: @escaping @Sendable (String) -> Bool = { access($0, F_OK) == 0 }) {
        self.out = out; self.err = err; self.readLine = readLine; self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal; self.fileExists = fileExists
    }

    /// Whether errors are coloured: standard error is a terminal, `NO_COLOR` unset, `TERM`
    /// not `dumb`.
    public var errorColor: Bool = {
        // getenv, not ProcessInfo's dictionary of the whole environment: this runs at start-up.
        isatty(2) != 0 && getenv("NO_COLOR") == nil && getenv("TERM").map { String(cString: $0) } != "dumb"
    }()

    /// Reports a command-line mistake and returns exit status 1.
    func usageError(_ message: String) -> Int32 {
        err("layerlab: \(message)")
        return 1
    }

    /// Prints an outcome's texts, performs its effects and reports its diagnostic; returns
    /// false when it failed or asked to quit (`quit` sets `quit`).
    /// Image files are read from the folder of the file `session` loaded or saved last, else
    /// from `baseDirectory`.
    func report(_ outcome: Outcome, from session: Session? = nil, effects: EffectPerformer? = nil) -> (ok: Bool, quit: Bool) {
        let folder = session?.sourceFile.map(ShellCommand.directory(of:)) ?? baseDirectory
        let effects = effects ?? EffectPerformer(baseDirectory: folder)
        var quit = false
        var ok = true
        for r in outcome.responses {
            switch r {
            case .text(let s): if !s.isEmpty { out(s) }
            case .effect(.quit): quit = true
            case .effect(let e): if !effects.perform(e, self) { ok = false }
            }
        }
        if let d = outcome.diagnostic {
            err(d.text(color: errorColor))
            ok = false
        }
        return (ok, quit)
    }
}

/// Writes all of `s` to a file descriptor, retrying short writes and interrupted calls.
public func writeAll(_ fd: Int32, _ s: String) {
    var bytes = Array(s.utf8)[...]
    while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 { if errno == EINTR { continue }; return }
        bytes = bytes.dropFirst(n)
    }
}
