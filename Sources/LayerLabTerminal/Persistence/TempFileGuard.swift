#if canImport(Glibc)
import Glibc
#endif

// NB: the signal handler touches only these globals and calls only unlink(2), sigaction(2)
// and raise(3), all async-signal-safe.

/// The temporary file being written, as a C string the handler can unlink; nil when none.
nonisolated(unsafe) private var guardedPath: UnsafeMutablePointer<CChar>?
/// The handlers SIGTERM, SIGHUP and SIGINT had before, by signal number.
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

/// Removes a save's temporary file if the process is told to stop while writing it.
///
/// While a guard is alive, SIGTERM, SIGHUP and SIGINT first unlink the temporary file, then go
/// to whatever handled them before (by default: the process ends). SIGKILL cannot be caught:
/// what it leaves behind is removed by the next save to the same folder
/// (`ProjectStore.removeStaleTemporaries`).
final class TempFileGuard {
    static let signals: [Int32] = [SIGTERM, SIGHUP, SIGINT]
    private var previous: [(Int32, sigaction)] = []
    private let path: UnsafeMutablePointer<CChar>
    private let table: UnsafeMutablePointer<sigaction>

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
            var old = sigaction()
            if sigaction(s, &action, &old) == 0 {
                previous.append((s, old))
                table[Int(s)] = old
            }
        }
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
