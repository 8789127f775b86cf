#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one run of a child process cost.
struct ProcessCost {
    var milliseconds: Double
    /// Peak resident memory, in megabytes.
    var peakMB: Double
    /// Processor time (user + system) over all its threads, in seconds.
    var cpuSeconds: Double = .nan
    var status: Int32
}

/// Runs `path` with `arguments`, standard output and error to /dev/null, and waits for it.
func runProcess(_ path: String, _ arguments: [String]) -> ProcessCost {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    let clock = ContinuousClock()
    let start = clock.now
    guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
        return ProcessCost(milliseconds: .nan, peakMB: .nan, status: -1)
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let ms = milliseconds(clock.now - start)
    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    return ProcessCost(milliseconds: ms, peakMB: Double(usage.ru_maxrss) / 1024, cpuSeconds: cpu, status: status)
}

/// The best wall time of `runs` runs (start-up is noisy; the best is the floor it can reach).
func bestProcessTime(_ path: String, _ arguments: [String], runs: Int) -> Double? {
    var best = Double.infinity
    for _ in 0..<runs {
        let c = runProcess(path, arguments)
        guard c.status == 0 else { return nil }
        best = min(best, c.milliseconds)
    }
    return best
}

/// The best wall times of two programs run in alternation, `runs` times each (start-up is
/// noisy; the best is the floor each can reach, and alternating gives both the same machine).
func bestProcessTimes(_ a: (path: String, arguments: [String]), _ b: (path: String, arguments: [String]),
                      runs: Int) -> (a: Double?, b: Double?) {
    var bestA: Double? = .infinity, bestB: Double? = .infinity
    for _ in 0..<runs {
        if let t = bestA {
            let c = runProcess(a.path, a.arguments)
            bestA = c.status == 0 ? min(t, c.milliseconds) : nil
        }
        if let t = bestB {
            let c = runProcess(b.path, b.arguments)
            bestB = c.status == 0 ? min(t, c.milliseconds) : nil
        }
    }
    return (bestA, bestB)
}

/// The folder holding this executable (where `swift build` put `layerlab` beside it).
func buildFolder() -> String {
    var buf = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buf, buf.count - 1)
    let exe = n > 0 ? String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    guard let slash = exe.lastIndex(of: "/") else { return "." }
    return String(exe[..<slash])
}

/// The repository root: the folder above `examples/`, found from the working directory up.
func repositoryRoot() -> String? {
    var buf = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buf, buf.count) != nil else { return nil }
    var dir = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    while !dir.isEmpty {
        if access(dir + "/examples/loading-s.lab", R_OK) == 0 { return dir }
        guard let slash = dir.lastIndex(of: "/"), dir != "/" else { return nil }
        dir = slash == dir.startIndex ? "/" : String(dir[..<slash])
    }
    return nil
}

/// Start-up of the whole process, beside a process that does nothing.
func startBenchmarks() {
    print("")
    print("## Start-up: whole process, best of 40 runs")
    let layerlab = buildFolder() + "/layerlab"
    guard access(layerlab, X_OK) == 0 else {
        print("layerlab is not built beside the benchmarks (swift build -c release --product layerlab)")
        return
    }
    if let t = bestProcessTime("/bin/true", [], runs: 40) {
        report("/bin/true (the floor: fork, exec, exit)", "best \(fixed(t, 3)) ms")
    }
    if let t = bestProcessTime(layerlab, ["--version"], runs: 40) {
        report("layerlab --version", "best \(fixed(t, 3)) ms")
        target("--version", t, atMost: 3, unit: "ms")
    }
    if let root = repositoryRoot() {
        let args = ["show", root + "/examples/loading-s.lab", "--size", "80x24", "--mode", "blocks", "--color", "always"]
        if let t = bestProcessTime(layerlab, args, runs: 40) {
            report("layerlab show examples/loading-s.lab --size 80x24 (blocks, 24-bit)", "best \(fixed(t, 3)) ms")
            target("show", t, atMost: 5, unit: "ms")
        }
    }
}

/// Memory and speed of a long GIF export, as a user runs it.
func gifBenchmark() {
    print("")
    print("## GIF export: examples/parallax-walk.lab, 1280x640, 60 fps, 8 s (480 frames), one run")
    let layerlab = buildFolder() + "/layerlab"
    guard access(layerlab, X_OK) == 0, let root = repositoryRoot() else {
        print("layerlab or examples/ not found")
        return
    }
    let out = "/tmp/layerlab-bench-\(getpid()).gif"
    defer { unlink(out) }
    let c = runProcess(layerlab, ["export", root + "/examples/parallax-walk.lab", "--gif", out,
                                  "--size", "1280x640", "--fps", "60", "--from", "0", "--to", "8"])
    guard c.status == 0 else { print("export failed (status \(c.status))"); return }
    let fps = 480 / (c.milliseconds / 1000)
    report("whole export", "\(fixed(c.milliseconds / 1000, 2)) s, \(fixed(fps, 1)) frames/s, peak \(fixed(c.peakMB, 1)) MB")
    // Drawing and encoding run on two threads; on a busy machine the wall time mostly shows
    // the load, the processor time what the export costs.
    report("  processor time, both threads", "\(fixed(c.cpuSeconds, 2)) s (\(fixed(480 / c.cpuSeconds, 1)) frames per CPU-second)")
    target("peak memory", c.peakMB, atMost: 100, unit: "MB")
    report("  target frames/s", "\(fixed(fps, 1)) ≥ 100: " + verdict(fps >= 100, "GIF frames/s"))
}
