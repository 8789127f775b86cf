import Foundation
import Glibc
import Synchronization
import LayerLabCore
import LayerLabRaster
import Testing
@testable import LayerLabTerminal

/// Sixel in a real terminal: Debian's xterm as a VT340 under Xvfb (a fixed 10x20 font, 100x30
/// cells, 256 colour registers). LayerLab draws a frame in it, a screenshot of the screen
/// (`xwd`) is read back, and the picture where the image lies is compared with `export --png`
/// of the same frame at the same pixel size: the mean error must stay under 2%.
/// Skipped (never passed) where Xvfb, xterm or xwd is missing: `scripts/setup` installs them.
/// Whether the X tools the real-terminal tests run are installed.
enum XTools {
    static let paths = ["Xvfb", "xterm", "xwd"].map { "/usr/bin/" + $0 }
    static var present: Bool { paths.allSatisfy { access($0, X_OK) == 0 } }
}

@Suite(.enabled(if: XTools.present, "Xvfb, xterm or xwd is missing: run scripts/setup"), .serialized)
struct XtermSixelTests {
    static let script = "card-flip.lab"

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Starts `path` with `arguments` (standard output to `output`, or /dev/null; standard
    /// input and error to /dev/null) and returns its process id.
    static func spawn(_ path: String, _ arguments: [String], environment: [String: String] = [:],
                      output: String = "/dev/null") throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard rc == 0 else { throw Failure(description: "could not start \(path): \(rc)") }
        return pid
    }

    /// Waits for `pid` to exit, killing it after `timeout` seconds.
    static func finish(_ pid: pid_t, timeout: Double = 60) {
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(timeout)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline { kill(pid, SIGKILL); _ = waitpid(pid, &status, 0); return }
            usleep(20_000)
        }
    }

    /// A private X server for one test; stopped on deinit.
    final class XServer {
        let display: String
        let number: Int
        let pid: pid_t
        var clients: [pid_t] = []
        /// Display numbers this process has handed out: suites run in parallel, and two servers
        /// started at once would both see a number free before either Xvfb takes it.
        private static let taken = Mutex<Set<Int>>([])

        init() throws {
            // A display number of our own, from the process id (tests of other checkouts may run too).
            let n = Self.taken.withLock { taken in
                var n = 40 + Int(getpid() % 400)
                while taken.contains(n) || access("/tmp/.X11-unix/X\(n)", F_OK) == 0 || access("/tmp/.X\(n)-lock", F_OK) == 0 { n += 1 }
                taken.insert(n)
                return n
            }
            display = ":\(n)"
            number = n
            pid = try XtermSixelTests.spawn("/usr/bin/Xvfb", [display, "-screen", "0", "1100x700x24", "-nolisten", "tcp"])
            for _ in 0..<100 where access("/tmp/.X11-unix/X\(n)", F_OK) != 0 { usleep(50_000) }
            guard access("/tmp/.X11-unix/X\(n)", F_OK) == 0 else { throw Failure(description: "Xvfb did not start") }
        }
        deinit {
            for c in clients + [pid] {
                kill(c, SIGTERM)
                XtermSixelTests.finish(c, timeout: 10)
            }
            // A server killed before it tidied up leaves its lock and socket: the display is ours.
            unlink("/tmp/.X\(number)-lock")
            unlink("/tmp/.X11-unix/X\(number)")
        }

        /// Runs `command` in an xterm (VT340, 256 registers, 10x20 font, 100x30) at the top left.
        func xterm(_ command: String) throws {
            clients.append(try XtermSixelTests.spawn("/usr/bin/xterm", [
                "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256",
                "-fn", "10x20", "-geometry", "100x30+0+0", "-bw", "0", "-bg", "black", "-fg", "white",
                "-e", "/bin/sh", "-c", command + "; sleep 60"],
                environment: ["DISPLAY": display, "LANG": "C.UTF-8", "NO_COLOR": "1"]))
        }

        /// The screen as RGB bytes (width, height), from `xwd -root`.
        func screenshot() throws -> (Int, Int, [UInt8]) {
            // One file per display: the kitty and xterm suites take screenshots at the same time.
            let file = NSTemporaryDirectory() + "layerlab-xwd-\(getpid())-\(number).xwd"
            defer { unlink(file) }
            // A loaded machine may make one xwd run fail or time out: try again before giving up.
            for _ in 0..<3 {
                let p = try XtermSixelTests.spawn("/usr/bin/xwd", ["-root", "-silent", "-display", display], output: file)
                XtermSixelTests.finish(p, timeout: 20)
                if let data = FileManager.default.contents(atPath: file), data.count >= 100 {
                    return try XtermSixelTests.readXWD([UInt8](data))
                }
                usleep(500_000)
            }
            throw Failure(description: "xwd wrote no screenshot of \(display) in three tries")
        }
    }

    /// An XWD dump (ZPixmap, 32 or 24 bits a pixel, TrueColor) as RGB bytes. (With an OpenGL
    /// window on the screen, as kitty's, xwd writes 24 bits a pixel.)
    static func readXWD(_ d: [UInt8]) throws -> (Int, Int, [UInt8]) {
        guard d.count >= 100 else { throw Failure(description: "short XWD") }
        func u32(_ i: Int) -> UInt32 { UInt32(d[i]) << 24 | UInt32(d[i + 1]) << 16 | UInt32(d[i + 2]) << 8 | UInt32(d[i + 3]) }
        let h = (0..<25).map { Int(u32($0 * 4)) }
        let (headerSize, format, w, ht, byteOrder, bpp, bpl, ncolors) = (h[0], h[2], h[4], h[5], h[7], h[11], h[12], h[19])
        let masks = (UInt32(h[14]), UInt32(h[15]), UInt32(h[16]))
        guard format == 2, bpp == 32 || bpp == 24 else { throw Failure(description: "XWD format \(format), \(bpp) bits") }
        let size = bpp / 8
        let base = headerSize + ncolors * 12
        guard d.count >= base + bpl * ht else { throw Failure(description: "truncated XWD") }
        func channel(_ v: UInt32, _ m: UInt32) -> UInt8 { UInt8((v & m) >> UInt32(m.trailingZeroBitCount) & 0xFF) }
        var rgb = [UInt8](repeating: 0, count: w * ht * 3)
        for y in 0..<ht {
            for x in 0..<w {
                let i = base + y * bpl + x * size
                let fourth = size == 4 ? UInt32(d[i + 3]) : 0
                let v = byteOrder == 0
                    ? UInt32(d[i]) | UInt32(d[i + 1]) << 8 | UInt32(d[i + 2]) << 16 | fourth << 24
                    : (size == 4 ? u32(i) : UInt32(d[i]) << 16 | UInt32(d[i + 1]) << 8 | UInt32(d[i + 2]))
                let o = (y * w + x) * 3
                rgb[o] = channel(v, masks.0); rgb[o + 1] = channel(v, masks.1); rgb[o + 2] = channel(v, masks.2)
            }
        }
        return (w, ht, rgb)
    }

    /// The mean absolute error (0…1) of `frame` against the screen with the frame's top left
    /// at (`x`, `y`).
    static func error(_ frame: Bitmap, screen: (Int, Int, [UInt8]), at x: Int, _ y: Int, step: Int = 1) -> Double {
        let (sw, sh, px) = screen
        guard x + frame.width <= sw, y + frame.height <= sh else { return 1 }
        var sum = 0, count = 0
        for fy in stride(from: 0, to: frame.height, by: step) {
            for fx in stride(from: 0, to: frame.width, by: step) {
                count += 1
                let f = (fy * frame.width + fx) * 4, s = ((y + fy) * sw + x + fx) * 3
                for c in 0..<3 { sum += abs(Int(frame.pixels[f + c]) - Int(px[s + c])) }
            }
        }
        return Double(sum) / Double(count * 3 * 255)
    }

    /// Waits until the screen holds `frame` somewhere near the top left (an image a few pixels
    /// in, past xterm's inner border) within `limit`; returns the best error seen.
    static func bestError(_ server: XServer, _ frame: Bitmap, limit: Double, origin: (Int, Int) = (0, 0),
                          timeout: Double = 40) throws -> Double {
        let deadline = Date().addingTimeInterval(timeout)
        var best = 1.0
        repeat {
            usleep(500_000)
            let shot = try server.screenshot()
            // Where the image lies, from a sample of its pixels; then every pixel there.
            var place = (0, 0), coarse = Double.infinity
            for dy in 0...6 {
                for dx in 0...6 {
                    let e = error(frame, screen: shot, at: origin.0 + dx, origin.1 + dy, step: 7)
                    if e < coarse { coarse = e; place = (origin.0 + dx, origin.1 + dy) }
                }
            }
            if coarse < limit * 2 { best = min(best, error(frame, screen: shot, at: place.0, place.1)) }
            if best < limit { return best }
        } while Date() < deadline
        return best
    }

    /// The frame `export --png` draws at `time`, at the size a sixel `show` in a 100x`rows` window
    /// of 10x20 cells gets.
    static func exported(_ binary: String, at time: Double, rows: Int) throws -> Bitmap {
        let file = Self.examples + "/" + script
        let canvas = Size(240, 200)
        let l = PixelLayout.fit(canvas: canvas, columns: 100, rows: rows, cell: (10, 20), rowMultiple: 6)
        let out = NSTemporaryDirectory() + "layerlab-xterm-\(getpid())-\(time).png"
        defer { unlink(out) }
        let p = try spawn(binary, ["export", file, "--png", out, "--at", "\(time)", "--size", "\(l.width)x\(l.height)"])
        finish(p)
        return try PNGCodec.read(out)
    }

    static var examples: String {
        var dir = #filePath
        for _ in 0..<3 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        return dir + "/examples"
    }

    func requireTools() throws -> String {
        try #require(PTYREPLTests.binary, "the layerlab executable is built next to the tests")
    }

    @Test func sixelShowMatchesThePNGExport() throws {
        let binary = try requireTools()
        let server = try XServer()
        let frame = try Self.exported(binary, at: 0.5, rows: 28)
        try server.xterm("\(binary) show \(Self.examples)/\(Self.script) --at 0.5 --mode sixel")
        let e = try Self.bestError(server, frame, limit: 0.02)
        #expect(e < 0.02, "mean error \(e) over the frame")
    }

    /// What `play` relies on for its sixel frames after the first: a frame sent as only its
    /// changed pixels (`P2=1`, the rest left as the screen shows it) over the frame before, in
    /// the same place, leaves exactly the new frame on xterm's screen.
    @Test func sixelDeltaOverTheLastFrameShowsTheNewFrame() throws {
        let binary = try requireTools()
        let server = try XServer()
        let a = try Self.exported(binary, at: 0.5, rows: 28), b = try Self.exported(binary, at: 0.6, rows: 28)
        let layout = PixelLayout(columns: 100, rows: 28, width: b.width, height: b.height)
        var encoder = PixelTarget(mode: .sixel, cell: (10, 20)).encoder(imageID: 1)
        encoder.deltas = true
        encoder.preparePalette(frames: [a, b], background: .black)
        var first: [UInt8] = [], delta: [UInt8] = []
        encoder.write(a, layout: layout, background: .black, into: &first)
        encoder.write(b, layout: layout, background: .black, into: &delta)
        #expect(!delta.isEmpty && delta.count < first.count)
        let file = NSTemporaryDirectory() + "layerlab-delta-\(getpid()).six"
        defer { unlink(file) }
        let home = Array("\u{1B}[H".utf8) + PixelTarget.sixelAtCursor
        #expect(FileManager.default.createFile(atPath: file, contents: Data(home + first + home + delta)))
        try server.xterm("sleep 1; cat \(file)")
        let e = try Self.bestError(server, b, limit: 0.02)
        #expect(e < 0.02, "mean error \(e) over the frame")
    }

    /// `play` with `--mode pixels` finds sixel by asking xterm, plays, and leaves its last
    /// frame (the end of the range) on the screen.
    @Test func pixelsPlayLeavesItsLastFrame() throws {
        let binary = try requireTools()
        let server = try XServer()
        let frame = try Self.exported(binary, at: 1.2, rows: 28)
        try server.xterm("\(binary) play \(Self.examples)/\(Self.script) --from 0.8 --to 1.2 --mode pixels")
        let e = try Self.bestError(server, frame, limit: 0.02)
        #expect(e < 0.02, "mean error \(e) over the frame")
    }
}
