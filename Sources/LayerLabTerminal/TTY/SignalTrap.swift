import Glibc

// MARK: - State shared with the signal handler

// NB: a signal handler may only do async-signal-safe things, so it touches nothing but these
// three plain globals (set before any handler is installed, so their lazy initialisation has
// already run) and calls only write(2), tcsetattr(3), signal(2) and raise(3).

/// The write end of the self-pipe: each caught signal writes its number there.
nonisolated(unsafe) private var trapPipe: Int32 = -1
/// What to put back before dying of SIGTERM, SIGHUP or SIGQUIT; nil when nothing needs it.
nonisolated(unsafe) private var trapRestore: UnsafeMutablePointer<TrapRestore>?
/// The handlers a crash signal had before the trap (the Swift runtime's backtracer), indexed
/// by signal number, so a crash still reaches them once the terminal is back.
nonisolated(unsafe) private var trapChained: UnsafeMutablePointer<sigaction>?
private let chainedCapacity = 65

/// The terminal state a dying process must restore, in a form the handler can use directly.
private struct TrapRestore {
    var ttyFD: Int32
    var hasTermios: Bool
    var termios: termios
    var outFD: Int32
    /// Bytes to write first (leave the alternate screen, show the cursor, reset colours).
    var bytes: UnsafeMutablePointer<UInt8>
    var count: Int
}

private func trapHandler(_ signo: Int32) {
    let savedErrno = errno
    if trapPipe >= 0 {
        var b = UInt8(truncatingIfNeeded: signo)
        _ = write(trapPipe, &b, 1)
    }
    if signo == SIGTERM || signo == SIGHUP || signo == SIGQUIT, let r = trapRestore {
        _ = write(r.pointee.outFD, r.pointee.bytes, r.pointee.count)
        if r.pointee.hasTermios { _ = tcsetattr(r.pointee.ttyFD, TCSANOW, &r.pointee.termios) }
        // Die of the signal as if it had not been caught, so the parent sees the right status.
        signal(signo, SIG_DFL)
        raise(signo)
    }
    if isCrash(signo), let r = trapRestore {
        // A trap or fault while the terminal is raw: put it back, then hand the signal to
        // whoever had it before (raised while blocked, it reaches them as we return; for a
        // real fault that comes before the faulting instruction runs again).
        _ = write(r.pointee.outFD, r.pointee.bytes, r.pointee.count)
        if r.pointee.hasTermios { _ = tcsetattr(r.pointee.ttyFD, TCSANOW, &r.pointee.termios) }
        if let chained = trapChained, signo < chainedCapacity {
            _ = sigaction(signo, chained + Int(signo), nil)
        } else {
            signal(signo, SIG_DFL)
        }
        raise(signo)
    }
    errno = savedErrno
}

/// A plain switch (no Swift collections inside a signal handler).
private func isCrash(_ signo: Int32) -> Bool {
    switch signo {
    case SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT: return true
    default: return false
    }
}

/// Signals turned into bytes on a pipe (the self-pipe trick), for a loop that polls.
///
/// While a trap is installed, SIGINT and SIGWINCH only wake the loop (it reads them with
/// `drain()`); SIGTERM, SIGHUP and SIGQUIT first restore the terminal from the handler itself
/// (termios, alternate screen, cursor) and then end the process with the signal's default
/// action, so a killed player never leaves the terminal in raw mode.
///
/// One trap at a time; `uninstall()` puts the previous handlers back.
package final class SignalTrap {
    package static let fatalSignals: [Int32] = [SIGTERM, SIGHUP, SIGQUIT]
    /// Crashes (a Swift trap is SIGILL or SIGTRAP; faults SIGSEGV and SIGBUS): the terminal is
    /// restored before the runtime's own handler reports them.
    package static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]
    /// The end of the pipe to poll for readability.
    package let readFD: Int32
    private let writeFD: Int32
    private var previous: [(Int32, sigaction)] = []
    private var restoreBlock: UnsafeMutablePointer<TrapRestore>?
    private var chainedBlock: UnsafeMutablePointer<sigaction>?

    /// Installs handlers for `signals`. `terminal` and `restoreText` say how to put the terminal
    /// back if a fatal signal arrives.
    package init?(signals: [Int32], terminal: TerminalMode?, outputFD: Int32 = STDOUT_FILENO, restoreText: String = "") {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        readFD = fds[0]; writeFD = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        let bytes = Array(restoreText.utf8)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        buffer.initialize(from: bytes, count: bytes.count)
        let block = UnsafeMutablePointer<TrapRestore>.allocate(capacity: 1)
        block.initialize(to: TrapRestore(ttyFD: terminal?.fd ?? -1, hasTermios: terminal != nil,
                                         termios: terminal?.saved ?? termios(), outFD: outputFD,
                                         bytes: buffer, count: bytes.count))
        restoreBlock = block
        // Publish the state before any handler can run.
        trapRestore = block
        trapPipe = writeFD
        let chained = UnsafeMutablePointer<sigaction>.allocate(capacity: chainedCapacity)
        chained.initialize(repeating: sigaction(), count: chainedCapacity)
        chainedBlock = chained
        for s in Set(signals + SignalTrap.fatalSignals + SignalTrap.crashSignals) {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = trapHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var old = sigaction()
            if sigaction(s, &action, &old) == 0 {
                previous.append((s, old))
                if s < chainedCapacity { chained[Int(s)] = old }
            }
        }
        trapChained = chained
    }

    /// Reads the signals caught since the last call.
    package func drain() -> [Int32] {
        var out: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(readFD, &buffer, buffer.count)
            if n <= 0 { break }
            out += buffer[0..<n].map { Int32($0) }
        }
        return out
    }

    /// Puts the previous handlers back and closes the pipe. Safe to call twice.
    package func uninstall() {
        guard let block = restoreBlock else { return }
        for (s, old) in previous.reversed() {
            var o = old
            sigaction(s, &o, nil)
        }
        previous = []
        trapPipe = -1
        trapRestore = nil
        trapChained = nil
        chainedBlock?.deallocate()
        chainedBlock = nil
        close(readFD); close(writeFD)
        block.pointee.bytes.deallocate()
        block.deallocate()
        restoreBlock = nil
    }

    deinit { uninstall() }
}
