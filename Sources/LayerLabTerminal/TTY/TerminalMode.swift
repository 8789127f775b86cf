import Glibc

/// A terminal's settings (termios), saved so they can be put back exactly.
///
/// Playback switches the terminal to raw mode; `restore()` puts the saved settings back, and
/// `SignalTrap` keeps a copy so a signal handler can do the same without touching Swift state.
package struct TerminalMode: @unchecked Sendable {
    package let fd: Int32
    package let saved: termios

    /// The current settings of `fd`; nil when `fd` is not a terminal.
    package static func current(_ fd: Int32 = STDIN_FILENO) -> TerminalMode? {
        var t = termios()
        guard isatty(fd) == 1, tcgetattr(fd, &t) == 0 else { return nil }
        return TerminalMode(fd: fd, saved: t)
    }

    /// Raw input for playback: no line buffering, no echo, no signals from keys (Ctrl-C arrives
    /// as a byte), no flow control; reads return at once (VMIN 0, VTIME 0). Output processing
    /// stays on, so `\n` still returns the carriage.
    package func enterRaw() {
        var t = saved
        t.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        t.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | BRKINT | ISTRIP)
        t.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &t.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(fd, TCSAFLUSH, &t)
    }

    /// Puts the saved settings back (retrying if a signal interrupts).
    package func restore() {
        var t = saved
        while tcsetattr(fd, TCSADRAIN, &t) != 0 && errno == EINTR {}
    }
}
