#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// The user's text editor (`$VISUAL`, else `$EDITOR`, else `vi`), run on a file until it exits.
///
/// As git does, the editor setting is a shell command line (`code --wait`, `emacs -nw`), run as
/// `sh -c 'EDITOR "$@"' FILE`. Editors that take `+LINE` (vi, vim, nvim, nano, emacs, kak, micro…)
/// are opened at a line when one is asked for.
struct ExternalEditor {
    /// The command line as set by the user.
    var command: String

    /// The editor `environment` names; nil when none is set and `vi` is not installed.
    init?(environment: [String: String]) {
        for key in ["VISUAL", "EDITOR"] {
            if let v = environment[key]?.trimmingBlanks, !v.isEmpty {
                command = v
                return
            }
        }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        guard path.split(separator: ":").contains(where: { access("\($0)/vi", X_OK) == 0 }) else { return nil }
        command = "vi"
    }

    init(command: String) { self.command = command }

    /// Editors known to read `+LINE` before the file name.
    static let takingLine: Set<String> = ["vi", "vim", "nvim", "view", "gvim", "nano", "pico", "rnano", "emacs",
                                          "emacsclient", "mg", "jed", "joe", "kak", "micro", "ne", "vis", "ed"]

    /// Whether this editor opens at `+LINE`.
    var takesLine: Bool {
        let program = command.split(separator: " ").first.map(String.init) ?? command
        let name = program.split(separator: "/").last.map(String.init) ?? program
        return ExternalEditor.takingLine.contains(name)
    }

    /// The arguments after the editor's own: `+LINE` when asked for and understood, then the file.
    func arguments(file: String, line: Int?) -> [String] {
        if let line, takesLine { return ["+\(line)", file] }
        return [file]
    }

    /// Runs the editor on `file` and waits for it; returns its exit status (nil when it could
    /// not be started or was killed by a signal).
    func edit(_ file: String, line: Int? = nil) -> Int32? {
        let argv = ["/bin/sh", "-c", command + " \"$@\"", "layerlab-edit"] + arguments(file: file, line: line)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The REPL ignores SIGINT while a command runs; the editor must get Ctrl-C as usual.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGINT, SIGQUIT, SIGTSTP, SIGPIPE] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var cargs = argv.map { strdup($0) } + [nil]
        defer { for p in cargs { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/sh", nil, &attributes, &cargs, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        guard status & 0x7f == 0 else { return nil }
        return (status >> 8) & 0xff
    }
}
