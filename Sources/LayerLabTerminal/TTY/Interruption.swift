import Glibc

/// Ctrl-C during a long job (an export): while one is running, SIGINT stops the job instead of
/// killing the process (the shell) or being ignored (the REPL), so the job can clean up and
/// leave no partial file.
///
///     let stop = Interruption()
///     defer { stop.end() }
///     for frame in frames { if stop.requested { return cancelled }; … }
final class Interruption {
    private let trap: SignalTrap?
    private var caught = false

    init() { trap = SignalTrap(signals: [SIGINT], terminal: nil, outputFD: STDERR_FILENO) }

    /// Whether Ctrl-C was pressed since the job began (a cheap non-blocking read).
    var requested: Bool {
        if !caught, let trap, trap.drain().contains(SIGINT) { caught = true }
        return caught
    }

    /// Puts the previous SIGINT handling back.
    func end() { trap?.uninstall() }
}
