import Foundation
import Glibc
import LayerLabCore
import LayerLabRaster
import Testing
@testable import LayerLabTerminal

/// The kitty graphics protocol in kitty itself: Debian's kitty runs under Xvfb with software
/// OpenGL (Mesa's llvmpipe, `LIBGL_ALWAYS_SOFTWARE=1`), LayerLab shows a frame in it, and the
/// screenshot where the image lies is compared with `export --png` of the same frame at the
/// size it was drawn: the mean error must stay under 2%. Skipped (never passed) where Xvfb,
/// xwd or kitty is missing: `scripts/setup --test` installs them.
@Suite(.enabled(if: XTools.present && access("/usr/bin/kitty", X_OK) == 0,
                "Xvfb, xwd or kitty is missing: run scripts/setup --test"), .serialized)
struct KittyScreenshotTests {
    /// A colour no example frame has: kitty's background and cursor, so the image stands out.
    static let backdrop: (UInt8, UInt8, UInt8) = (255, 0, 255)

    /// Runs `command` in kitty (a 700x500 window at the top left, no padding) on `server`.
    static func kitty(_ server: XtermSixelTests.XServer, _ command: String) throws {
        server.clients.append(try XtermSixelTests.spawn("/usr/bin/kitty", [
            "--config", "NONE", "-o", "background=#ff00ff", "-o", "cursor=#ff00ff", "-o", "window_padding_width=0",
            "-o", "initial_window_width=700", "-o", "initial_window_height=500", "-o", "remember_window_size=no",
            "-o", "placement_strategy=top-left", "/bin/sh", "-c", command + "; sleep 90"],
            environment: ["DISPLAY": server.display, "LIBGL_ALWAYS_SOFTWARE": "1", "LANG": "C.UTF-8", "NO_COLOR": "1"]))
    }

    /// The box of the screen's top-left 700x500 that is not the backdrop, once it holds
    /// something (kitty starts slowly under software OpenGL): the image's place and size.
    static func imageBox(_ server: XtermSixelTests.XServer, timeout: Double = 90) throws -> (x: Int, y: Int, w: Int, h: Int)? {
        let deadline = Date().addingTimeInterval(timeout)
        var last: (Int, Int, Int, Int)?
        repeat {
            usleep(500_000)
            let (sw, sh, px) = try server.screenshot()
            func backdrop(_ x: Int, _ y: Int) -> Bool {
                let i = (y * sw + x) * 3
                // Near the backdrop (kitty may blend it a little at glyph edges): not the image.
                return abs(Int(px[i]) - 255) + Int(px[i + 1]) + abs(Int(px[i + 2]) - 255) <= 30
            }
            // kitty's window is where the backdrop is (it may be smaller than asked); the image
            // is what is not backdrop inside it.
            var wx = -1, wy = -1
            for y in 0..<min(sh, 600) { for x in 0..<min(sw, 800) where backdrop(x, y) { wx = max(wx, x); wy = max(wy, y) } }
            var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
            for y in 0..<(wy + 1) {
                for x in 0..<(wx + 1) where !backdrop(x, y) {
                    x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
                }
            }
            if x1 >= 0 {
                let box = (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
                // The same box twice in a row: the image has landed whole.
                if let last, last == box, box.2 > 50, box.3 > 50 { return box }
                last = box
            }
        } while Date() < deadline
        return nil
    }

    @Test func kittyShowMatchesThePNGExport() throws {
        let binary = try #require(PTYREPLTests.binary, "the layerlab executable is built next to the tests")
        let server = try XtermSixelTests.XServer()
        let file = XtermSixelTests.examples + "/" + XtermSixelTests.script
        // Shown once kitty has settled: under a loaded machine (the whole suite in parallel) kitty
        // under software OpenGL can still be sizing its window, or slow to answer the size
        // queries, in its first moments, and the picture is then laid out for another area.
        try Self.kitty(server, "sleep 3; \(binary) show \(file) --at 0.5 --mode kitty")
        let box = try #require(try Self.imageBox(server), "kitty showed no image within 90 s")
        let out = NSTemporaryDirectory() + "layerlab-kitty-\(getpid()).png"
        defer { unlink(out) }
        let p = try XtermSixelTests.spawn(binary, ["export", file, "--png", out, "--at", "0.5", "--size", "\(box.w)x\(box.h)"])
        XtermSixelTests.finish(p)
        let frame = try PNGCodec.read(out)
        #expect(abs(frame.width - box.w) <= 2 && abs(frame.height - box.h) <= 2,
                "drawn \(box.w)x\(box.h), exported \(frame.width)x\(frame.height)")
        let e = try XtermSixelTests.bestError(server, frame, limit: 0.02, origin: (max(0, box.x - 3), max(0, box.y - 3)))
        #expect(e < 0.02, "mean error \(e) over the frame")
    }
}
