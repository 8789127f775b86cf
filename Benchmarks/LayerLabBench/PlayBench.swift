#if canImport(Glibc)
import Glibc
#endif

/// The frame rate `play` sustains in real terminals: Debian's xterm as a VT340 (sixel) and
/// kitty (kitty graphics, software OpenGL) on a virtual X screen (Xvfb), each sized so the
/// frame area is 800x480 pixels. `layerlab play` reports what it drew through
/// `LAYERLAB_PLAY_STATS`; the terminal is closed once it has. Skipped, with a word, where the
/// tools are missing (`scripts/setup --test` installs them).
func playBenchmarks() {
    print("")
    print("## Play in a real terminal (Xvfb): frames a second at an 800x480 frame area")
    guard let root = repositoryRoot() else { print("(examples not found)"); return }
    let layerlab = buildFolder() + "/layerlab"
    guard access(layerlab, X_OK) == 0 else { print("(layerlab is not built beside the bench)"); return }
    guard access("/usr/bin/Xvfb", X_OK) == 0 else { print("(skipped: Xvfb is missing; scripts/setup --test installs it)"); return }
    guard let display = startXvfb() else { print("(skipped: Xvfb did not start)"); return }
    defer { stopProcess(display.pid); unlink("/tmp/.X\(display.number)-lock"); unlink("/tmp/.X11-unix/X\(display.number)") }
    let scenes = ["card-flip", "shimmer", "confetti"]
    var terminals: [(name: String, mode: String, target: Double, command: (String) -> [String])] = []
    if access("/usr/bin/xterm", X_OK) == 0 {
        // 80x25 cells of 10x20 pixels: 24 rows above the status line, 800x480 pixels.
        terminals.append(("xterm -ti vt340", "sixel", 20, { cmd in
            ["/usr/bin/xterm", "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256",
             "-fn", "10x20", "-geometry", "80x25+0+0", "-bw", "0", "-e", "/bin/sh", "-c", cmd]
        }))
    } else {
        print("(xterm is missing: no sixel figure; scripts/setup --test installs it)")
    }
    if access("/usr/bin/kitty", X_OK) == 0 {
        // A window of 800x500 pixels; its cells are what kitty's default font makes them.
        terminals.append(("kitty", "kitty", 30, { cmd in
            ["/usr/bin/kitty", "--config", "NONE", "-o", "remember_window_size=no", "-o", "initial_window_width=800",
             "-o", "initial_window_height=500", "-o", "window_padding_width=0", "-o", "placement_strategy=top-left",
             "/bin/sh", "-c", cmd]
        }))
    } else {
        print("(kitty is missing: no kitty figure; scripts/setup --test installs it)")
    }
    for terminal in terminals {
        for name in scenes {
            let stats = "/tmp/layerlab-play-stats-\(getpid())-\(name)"
            unlink(stats)
            let script = root + "/examples/\(name).lab"
            // Eight seconds of looped playback, ended as Ctrl-C from outside would end it.
            let play = "LAYERLAB_PLAY_STATS='\(stats)' timeout --foreground -s INT 8 '\(layerlab)' play '\(script)' --mode \(terminal.mode) --loop"
            let env = ["DISPLAY=\(display.name)", "LIBGL_ALWAYS_SOFTWARE=1", "LANG=C.UTF-8", "TERM=xterm-256color"]
            guard let pid = spawnWithEnvironment(terminal.command(play + "; sleep 2"), env) else {
                print("(could not start \(terminal.name))"); continue
            }
            var line: String?
            for _ in 0..<1200 {
                usleep(50_000)
                if let text = readText(stats), text.hasSuffix("\n") { line = text; break }
            }
            stopProcess(pid)
            unlink(stats)
            guard let line else { report("\(terminal.name), \(name)", "no figure (play did not report within 60 s)"); continue }
            let fields = parseFields(line)
            let fps = Double(fields["fps"] ?? "") ?? 0
            report("\(terminal.name), \(name) (\(fields["size"] ?? "?") px)",
                   "\(fixed(fps, 1)) fps   \(fields["frames"] ?? "?") frames, \(fields["images"] ?? "?") images in \(fields["seconds"] ?? "?") s, scale \(fields["scale"] ?? "?")")
            target("\(terminal.mode) fps, \(name)", fps, atLeast: terminal.target, unit: "fps")
        }
    }
}

/// `key=value` words of a stats line.
private func parseFields(_ line: String) -> [String: String] {
    var out: [String: String] = [:]
    for word in line.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
        let kv = word.split(separator: "=", maxSplits: 1)
        if kv.count == 2 { out[String(kv[0])] = String(kv[1]) }
    }
    return out
}

private func readText(_ path: String) -> String? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = read(fd, &buf, buf.count)
        if n <= 0 { break }
        bytes += buf[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Starts a private Xvfb (1280x800, 24 bits) on a free display.
private func startXvfb() -> (name: String, number: Int, pid: pid_t)? {
    var n = 70 + Int(getpid() % 300)
    while access("/tmp/.X11-unix/X\(n)", F_OK) == 0 || access("/tmp/.X\(n)-lock", F_OK) == 0 { n += 1 }
    guard let pid = spawnWithEnvironment(["/usr/bin/Xvfb", ":\(n)", "-screen", "0", "1280x800x24", "-nolisten", "tcp"], [])
    else { return nil }
    for _ in 0..<100 where access("/tmp/.X11-unix/X\(n)", F_OK) != 0 { usleep(50_000) }
    guard access("/tmp/.X11-unix/X\(n)", F_OK) == 0 else { stopProcess(pid); return nil }
    return (":\(n)", n, pid)
}

/// Starts `argv` with `extra` added to the environment, all output to /dev/null.
private func spawnWithEnvironment(_ argv: [String], _ extra: [String]) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var env: [String] = []
    var i = 0
    while let p = environ[i] { env.append(String(cString: p)); i += 1 }
    let keys = Set(extra.map { $0.split(separator: "=", maxSplits: 1)[0] })
    env = env.filter { !keys.contains($0.split(separator: "=", maxSplits: 1)[0]) } + extra
    let cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    let cenv: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
    defer { cargs.forEach { free($0) }; cenv.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, argv[0], &actions, nil, cargs, cenv) == 0 else { return nil }
    return pid
}

/// SIGTERM, then SIGKILL after two seconds; reaps it.
private func stopProcess(_ pid: pid_t) {
    kill(pid, SIGTERM)
    var status: Int32 = 0
    for _ in 0..<40 {
        if waitpid(pid, &status, WNOHANG) != 0 { return }
        usleep(50_000)
    }
    kill(pid, SIGKILL)
    _ = waitpid(pid, &status, 0)
}
