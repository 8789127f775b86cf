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
package struct StandardIO: Sendable {
    package var out: @Sendable (String) -> Void
    package var err: @Sendable (String) -> Void
    package var readLine: @Sendable () -> String?
    package var inputIsTerminal: Bool
    /// Standard output is a terminal (`layerlab run` then says what it did).
    package var outputIsTerminal: Bool
    /// Whether a file exists (`layerlab WORD`: a file to open, or a mistyped subcommand).
    package var fileExists: @Sendable (String) -> Bool
    /// Whether `readLine` would now wait for input (nothing read ahead, nothing to read yet):
    /// the recovery journal catches up before that.
    package var inputWouldWait: @Sendable () -> Bool = { StandardInputLines.shared.wouldWait }
    /// The folder of the file being worked on; relative image files are read from it.
    package var baseDirectory: String?

    package init(out: @escaping @Sendable (String) -> Void = { s in writeLine(1, s) },
                err: @escaping @Sendable (String) -> Void = { s in writeLine(2, s) },
                readLine: @escaping @Sendable () -> String? = { StandardInputLines.shared.next() },
                inputIsTerminal: Bool = isatty(0) != 0,
                outputIsTerminal: Bool = isatty(1) != 0,
                fileExists: @escaping @Sendable (String) -> Bool = { access($0, F_OK) == 0 }) {
        self.out = out; self.err = err; self.readLine = readLine; self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal; self.fileExists = fileExists
    }

    /// Whether errors are coloured: standard error is a terminal, `NO_COLOR` unset, `TERM`
    /// not `dumb`.
    package var errorColor: Bool = {
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
package func writeAll(_ fd: Int32, _ s: String) {
    writeAll(fd, Array(s.utf8))
}

/// Writes `s` and a newline in one write, without making the longer string `s + "\n"` (a
/// string of more than 15 bytes lives on the heap: `--version` would pay for allocating one).
package func writeLine(_ fd: Int32, _ s: String) {
    var text = s
    let bytes = text.withUTF8 { utf8 in
        [UInt8](unsafeUninitializedCapacity: utf8.count + 1) { buffer, count in
            _ = buffer.initialize(from: utf8)
            buffer[utf8.count] = UInt8(ascii: "\n")
            count = utf8.count + 1
        }
    }
    writeAll(fd, bytes)
}

/// Writes all of `bytes` (a frame built as bytes: no text to validate or copy).
package func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    var rest = bytes[...]
    while !rest.isEmpty {
        let n = rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 { if errno == EINTR { continue }; return }
        rest = rest.dropFirst(n)
    }
}

/// Lines of standard input, read a block at a time (as `Swift.readLine` does, newline and
/// `\r\n` stripped, invalid UTF-8 repaired), knowing whether the next line is already here.
package final class StandardInputLines: @unchecked Sendable {
    /// The one reader of descriptor 0 (only the main thread reads input).
    package static let shared = StandardInputLines(fd: 0)

    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    /// `buffer[start..<searched]` holds no newline (so a long line is scanned once).
    private var searched = 0

    init(fd: Int32) { self.fd = fd }

    private func nextNewline() -> Int? {
        if let nl = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) { return nl }
        searched = buffer.count
        return nil
    }

    /// The next line, or nil at the end of input.
    package func next() -> String? {
        while true {
            if let nl = nextNewline() {
                var end = nl
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = nl + 1
                searched = start
                if start > 65_536, start * 2 > buffer.count { buffer.removeFirst(start); start = 0; searched = 0 }
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return line
            }
            var block = [UInt8](repeating: 0, count: 65_536)
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { atEnd = true; continue }
            buffer.append(contentsOf: block[..<n])
        }
    }

    /// Whether `next()` would wait for input: no whole line read ahead and nothing to read yet.
    package var wouldWait: Bool {
        if atEnd || nextNewline() != nil { return false }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) == 0
    }
}
