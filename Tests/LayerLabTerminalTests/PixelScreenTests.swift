import LayerLabCore
import LayerLabRaster
import Testing
@testable import LayerLabTerminal

/// Where `play` and `watch` put an image frame: centred on whole cells above the status line,
/// the cursor saved and put back around it.
@Suite struct PixelScreenTests {
    func scene(_ w: Double, _ h: Double) -> Scene {
        Scene(time: 0, canvasSize: Size(w, h), background: .white, layers: [])
    }

    @Test func sixelFrameIsCentredAboveTheStatusLine() {
        let target = PixelTarget(mode: .sixel, cell: (10, 20))
        var screen = PixelScreen(target: target, images: ImageStore())
        let window = TerminalSize(columns: 100, rows: 30)
        let (l, row, column) = screen.place(scene(240, 200), window: window, rows: 29, asked: nil)
        #expect(l.width == 691 && l.height == 576 && l.columns == 70 && l.rows == 29)
        #expect(row == 1 && column == 16)
        var out: [UInt8] = []
        screen.frame(scene(240, 200), window: window, rows: 29, asked: nil, into: &out)
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.hasPrefix(Escape.saveCursor + Escape.moveTo(row: 1, column: 16) + "\u{1B}[?80l\u{1B}P"))
        #expect(text.hasSuffix("\u{1B}\\" + Escape.restoreCursor))
    }

    /// A wide canvas sits in the middle rows; kitty frames go under the one live id.
    @Test func kittyFrameReplacesTheLastUnderOneID() throws {
        let target = PixelTarget(mode: .kitty, cell: (8, 16))
        var screen = PixelScreen(target: target, images: ImageStore())
        let window = TerminalSize(columns: 80, rows: 24)
        let (l, row, column) = screen.place(scene(400, 100), window: window, rows: 23, asked: nil)
        #expect(l.width == 640 && l.height == 160 && l.rows == 10 && column == 1 && row == 1 + (23 - 10) / 2)
        var a: [UInt8] = [], b: [UInt8] = [], c: [UInt8] = []
        screen.frame(scene(400, 100), window: window, rows: 23, asked: nil, into: &a)
        // The same frame again is on the screen already: nothing is sent.
        screen.frame(scene(400, 100), window: window, rows: 23, asked: nil, into: &b)
        #expect(b.isEmpty)
        #expect(String(decoding: a, as: UTF8.self).contains("i=\(PixelTarget.liveImageID),p=1,"))
        #expect(String(decoding: screen.takeAway(), as: UTF8.self) == KittyEncoder.delete(imageID: PixelTarget.liveImageID))
        // Once taken away (the screen cleared), the frame goes again, byte for byte.
        screen.frame(scene(400, 100), window: window, rows: 23, asked: nil, into: &c)
        #expect(a == c)
    }

    /// Named inside tmux, an image goes through tmux's passthrough with every ESC doubled.
    @Test func tmuxPassthroughDoublesEscapes() {
        var target = PixelTarget(mode: .kitty, cell: (10, 20))
        target.tmux = true
        let wrapped = String(decoding: target.wrap(Array("\u{1B}_Ga=T;AAAA\u{1B}\\".utf8)), as: UTF8.self)
        #expect(wrapped == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T;AAAA\u{1B}\u{1B}\\\u{1B}\\")
        target.tmux = false
        #expect(target.wrap([1, 2]) == [1, 2])
    }
}
