import Glibc

/// Drives a program through a pseudo-terminal, as a user at a terminal would: type bytes, read
/// what it draws, resize the window, read the terminal's settings.
///
/// The child is started with `posix_spawn` (no `fork` in the multi-threaded test process) in a
/// new session whose controlling terminal is the pty's slave, so it gets SIGWINCH and job
/// control like a real terminal program. Every wait has a deadline; `deinit` kills the child, so
/// a failing test never hangs or leaks a process.
final class PTYSession {
    let pid: pid_t
    let master: Int32
    /// Everything the program wrote so far, escape sequences included.
    private(set) var output: [UInt8] = []
    private(set) var exitStatus: Int32?
    /// The terminal's settings before the program started.
    let initialAttributes: termios

    /// Linux's TIOCSPTLCK and TIOCGPTN (`_IOW`/`_IOR` of 'T' 0x31 and 0x30 on an int), function-like
    /// macros Swift does not import; glibc's `unlockpt` and `ptsname` are these two calls.
    static let setLock = UInt(0x4004_5431), number = UInt(0x8004_5430)

    /// glibc's POSIX_SPAWN_SETSID (2.26 and later), hidden from Swift behind _GNU_SOURCE.
    static let spawnSetSID: Int32 = 0x80

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(_ executable: String, arguments: [String] = [], environment: [String: String],
         columns: Int = 100, rows: Int = 30) throws {
        // Both ends close-on-exec from the moment they exist: tests run in parallel, and a
        // process another test spawns in between must not inherit this terminal.
        let m = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard m >= 0 else { throw Failure(description: "could not open /dev/ptmx: \(errno)") }
        var unlock: Int32 = 0, number: UInt32 = 0
        guard ioctl(m, PTYSession.setLock, &unlock) == 0, ioctl(m, PTYSession.number, &number) == 0 else {
            close(m); throw Failure(description: "could not unlock the terminal's slave side: \(errno)")
        }
        let name = "/dev/pts/\(number)"
        let s = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard s >= 0 else { close(m); throw Failure(description: "could not open \(name): \(errno)") }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(s, UInt(TIOCSWINSZ), &size)
        var initial = termios()
        _ = tcgetattr(s, &initial)
        initialAttributes = initial

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opening the slave after setsid makes it the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(PTYSession.spawnSetSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        close(s)
        guard rc == 0 else { close(m); throw Failure(description: "posix_spawn failed: \(rc)") }
        pid = child
        master = m
        _ = fcntl(m, F_SETFL, fcntl(m, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        close(master)
    }

    // MARK: - Typing

    /// Types `text` (use `\r` for Return, `\u{3}` for Ctrl-C, `\u{1B}[A` for Up).
    func send(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        let deadline = PTYSession.now + 5
        while offset < bytes.count && PTYSession.now < deadline {
            let n = bytes[offset...].withUnsafeMutableBytes { write(master, $0.baseAddress, $0.count) }
            if n > 0 { offset += n } else { pump(timeout: 0.01) }
        }
    }

    /// Types `text` one key at a time, letting the program draw between keys.
    func type(_ keys: [String], pause: Double = 0.05) {
        for k in keys { send(k); pump(timeout: pause) }
    }

    // MARK: - Reading

    /// Everything written so far, with escape sequences removed.
    var text: String { PTYSession.stripEscapes(String(decoding: output, as: UTF8.self)) }

    /// Reads until `predicate` holds for the text written since `mark` (an offset into the raw
    /// output), or `timeout` seconds pass. Returns whether it held.
    @discardableResult
    func wait(timeout: Double = 30, from mark: Int = 0, until predicate: (String) -> Bool) -> Bool {
        let deadline = PTYSession.now + timeout
        while true {
            if predicate(text(from: mark)) { return true }
            if PTYSession.now >= deadline || exitStatus != nil { return predicate(text(from: mark)) }
            pump(timeout: 0.05)
        }
    }

    /// Waits for `needle` to appear after `mark`.
    @discardableResult
    func wait(for needle: String, from mark: Int = 0, timeout: Double = 30) -> Bool {
        wait(timeout: timeout, from: mark) { $0.contains(needle) }
    }

    /// Reads until `predicate` holds for the raw output (escapes kept) since `mark`.
    @discardableResult
    func waitRaw(timeout: Double = 30, from mark: Int = 0, until predicate: (String) -> Bool) -> Bool {
        let deadline = PTYSession.now + timeout
        func raw() -> String { String(decoding: output[min(mark, output.count)...], as: UTF8.self) }
        while true {
            if predicate(raw()) { return true }
            if PTYSession.now >= deadline || exitStatus != nil { return predicate(raw()) }
            pump(timeout: 0.05)
        }
    }

    /// The output after raw offset `mark`, escapes removed.
    func text(from mark: Int) -> String {
        PTYSession.stripEscapes(String(decoding: output[min(mark, output.count)...], as: UTF8.self))
    }

    /// The current end of the raw output, to wait for what comes next.
    var mark: Int { output.count }

    /// Reads whatever is available, waiting up to `timeout` for the first bytes.
    func pump(timeout: Double) {
        var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
        if poll(&fds, 1, Int32(max(0, timeout * 1000))) > 0 {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(master, &buffer, buffer.count)
                if n > 0 { output += buffer[0..<n] } else { break }
            }
        }
        reap()
    }

    /// What the kernel says the program is doing (its state letter, the call it sleeps in, the
    /// signals waiting for it), for the message of a wait that ran out: a program stopped by a
    /// signal reads differently from one blocked in a read or still busy.
    var childState: String {
        func contents(_ name: String) -> String {
            let fd = open("/proc/\(pid)/\(name)", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return "?" }
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = read(fd, &buffer, buffer.count)
            return n > 0 ? String(decoding: buffer[..<n], as: UTF8.self) : "?"
        }
        if let status = exitStatus { return "pid \(pid) ended with status \(status)" }
        let status = contents("status").split(separator: "\n")
            .filter { $0.hasPrefix("State:") || $0.hasPrefix("SigPnd:") || $0.hasPrefix("ShdPnd:") }
        return "pid \(pid) " + status.joined(separator: " ") + " wchan: " + contents("wchan")
    }

    private func reap() {
        guard exitStatus == nil else { return }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { exitStatus = status }
    }

    /// Waits for the program to end; its exit code (128 + signal when killed), or nil on timeout.
    func waitForExit(timeout: Double = 30) -> Int32? {
        let deadline = PTYSession.now + timeout
        while exitStatus == nil && PTYSession.now < deadline { pump(timeout: 0.05) }
        guard let s = exitStatus else { return nil }
        let signal = s & 0x7F
        return signal == 0 ? (s >> 8) & 0xFF : 128 + signal
    }

    // MARK: - The terminal

    /// Waits until the program has put the terminal in non-canonical mode (a line editor reading
    /// keys). NB: libedit draws its prompt a moment before it switches modes; keys typed in
    /// between meet the cooked line discipline (Ctrl-C becomes a signal, Ctrl-D an end of file),
    /// so tests wait for this before typing control keys.
    @discardableResult
    func waitUntilEditing(timeout: Double = 5) -> Bool {
        let deadline = PTYSession.now + timeout
        while attributes().c_lflag & tcflag_t(ICANON) != 0 {
            if PTYSession.now >= deadline || exitStatus != nil { return false }
            pump(timeout: 0.005)
        }
        return true
    }

    /// The pty's current settings (the same line discipline the program sees).
    func attributes() -> termios {
        var t = termios()
        _ = tcgetattr(master, &t)
        return t
    }

    /// Changes the window size; the kernel sends SIGWINCH to the program.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    // MARK: - Helpers

    static var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Removes CSI, OSC and two-byte escape sequences and carriage returns.
    static func stripEscapes(_ s: String) -> String {
        var out = ""
        var it = s.unicodeScalars.makeIterator()
        while let c = it.next() {
            if c == "\u{1B}" {
                guard let n = it.next() else { break }
                if n == "[" {
                    while let x = it.next(), !(0x40...0x7E).contains(x.value) {}
                } else if n == "]" {
                    while let x = it.next(), x != "\u{7}" && x != "\u{1B}" {}
                }
                continue
            }
            if c == "\r" || c == "\u{7}" || c == "\u{1}" { continue }
            out.unicodeScalars.append(c)
        }
        return out
    }

    /// Whether two termios settings agree in every flag and control character.
    static func same(_ a: termios, _ b: termios) -> Bool {
        var a = a, b = b
        let cc = withUnsafeBytes(of: &a.c_cc) { x in withUnsafeBytes(of: &b.c_cc) { y in x.elementsEqual(y) } }
        return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag && cc
    }
}
