#if canImport(Glibc)
import Glibc
#endif

// NB: the signal handler touches only these globals and calls only unlink(2), sigaction(2)
// and raise(3), all async-signal-safe.

/// The temporary file being written, as a C string the handler can unlink; nil when none.
nonisolated(unsafe) private var guardedPath: UnsafeMutablePointer<CChar>?
/// The handlers the guarded signals had before, by signal number.
nonisolated(unsafe) private var guardedPrevious: UnsafeMutablePointer<sigaction>?
private let guardedCapacity = 65

private func tempGuardHandler(_ signo: Int32) {
    if let p = guardedPath { _ = unlink(p) }
    if let prev = guardedPrevious, signo < guardedCapacity {
        _ = sigaction(signo, prev + Int(signo), nil)
    } else {
        signal(signo, SIG_DFL)
    }
    raise(signo)
}

/// Whether a disposition is SIG_IGN (1 as a handler address; SIG_DFL is 0, a nil handler).
private func isIgnored(_ a: sigaction) -> Bool {
    guard let h = a.__sigaction_handler.sa_handler else { return false }
    return unsafeBitCast(h, to: Int.self) == 1
}

/// Removes a save's temporary file if the process is told to stop while writing it.
///
/// While a guard is alive, every signal that can end the process and can be caught (`signals`:
/// the terminating ones, and the crashes a Swift trap or a fault raise) first unlinks the
/// temporary file, then goes to whatever handled it before (by default: the process ends; a
/// crash reaches the runtime's backtracer). A signal the process ignores stays ignored (a
/// write then fails with an error, and the save removes its file on that path). SIGKILL and
/// SIGSTOP cannot be caught: what a SIGKILL leaves behind is removed by the next save to the
/// same folder (`ProjectStore.removeStaleTemporaries`).
final class TempFileGuard {
    static let signals: [Int32] = [
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
        SIGPOLL, SIGPWR, SIGSYS, SIGSTKFLT,
        SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT,
    ]
    private var previous: [(Int32, sigaction)] = []
    private let path: UnsafeMutablePointer<CChar>
    private let table: UnsafeMutablePointer<sigaction>

    /// Guards `temp` (or, for `create(template:)`, the template `mkstemp` turns into the name
    /// in place: the handlers are in before the file exists, so no signal can come between
    /// the file's creation and its guard).
    init(_ temp: String) {
        path = strdup(temp)
        table = .allocate(capacity: guardedCapacity)
        table.initialize(repeating: sigaction(), count: guardedCapacity)
        guardedPath = path
        guardedPrevious = table
        for s in Self.signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = tempGuardHandler
            sigemptyset(&action.sa_mask)
            // On the alternate stack when there is one, so a stack overflow still cleans up.
            action.sa_flags = Int32(SA_ONSTACK)
            var old = sigaction()
            // An ignored signal cannot end the process: leave it ignored.
            guard sigaction(s, nil, &old) == 0, !isIgnored(old) else { continue }
            if sigaction(s, &action, &old) == 0 {
                previous.append((s, old))
                if s < guardedCapacity { table[Int(s)] = old }
            }
        }
    }

    /// Creates a temporary file from `template` (ending in `XXXXXX`) under a guard installed
    /// first; returns the guard, the descriptor and the file's name, or the guard and -1 with
    /// `errno` set when `mkstemp` fails (release the guard then).
    static func create(template: String) -> (TempFileGuard, fd: Int32, name: String) {
        let g = TempFileGuard(template)
        let fd = mkstemp(g.path)
        let code = errno
        let name = String(cString: g.path)
        errno = code
        return (g, fd, name)
    }

    /// Puts the previous handlers back (the temporary file has been renamed or removed).
    func release() {
        for (s, old) in previous.reversed() {
            var o = old
            sigaction(s, &o, nil)
        }
        previous = []
        guardedPath = nil
        guardedPrevious = nil
    }

    deinit {
        release()
        free(path)
        table.deallocate()
    }
}
