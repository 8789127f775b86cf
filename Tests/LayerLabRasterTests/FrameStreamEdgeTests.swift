import LayerLabCore
import Testing
@testable import LayerLabRaster

/// The frame stream and the reused canvas where the incremental path has to notice more
/// than moving layers: a background that changes or is clear, a canvas that changes size,
/// a frame that moves on the screen, and a screen that was cleared.
@Suite struct FrameStreamEdgeTests {
    static func scene(_ x: Double, background: Color = .white, size: Size = Size(200, 100)) -> Scene {
        Fixtures.scene([Fixtures.box("b", Rect(x, 20, 50, 40), color: Color(0.2, 0.4, 0.9, 0.6)),
                        Fixtures.shape("c", .circle(center: Point(150 - x / 2, 50), radius: 30), fill: Fixtures.red)],
                       size: size, background: background)
    }

    /// Frames whose background, size and layers change as they go.
    static let frames: [Scene] = [
        scene(10), scene(14), scene(14), scene(40, background: .clear), scene(41, background: .clear),
        scene(60, background: Color(0, 0, 0, 0.5)), scene(70), scene(75, size: Size(100, 100)), scene(20),
    ]

    @Test func canvasMatchesRasterizerThroughChanges() {
        let canvas = FrameCanvas(width: 120, height: 60)
        for (n, s) in Self.frames.enumerated() {
            #expect(canvas.render(s) == Rasterizer().render(s, width: 120, height: 60), "frame \(n)")
        }
    }

    @Test(arguments: [FrameMode.blocks, .ascii, .braille])
    func streamMatchesGridDiffThroughChanges(_ mode: FrameMode) {
        let options = FrameOptions(columns: 50, rows: 16, mode: mode, color: .truecolor)
        let stream = FrameStream(options: options)
        var previous: CellGrid?
        for (n, s) in Self.frames.enumerated() {
            // The frame moves once; a moved frame is drawn whole.
            let column = n >= 5 ? 4 : 1
            let grid = FrameRenderer.grid(scene: s, options: options)
            var out: [UInt8] = []
            stream.write(s, row: 1, column: column, into: &out)
            let moved = n == 5
            let expected = ANSIEncoder.diff(from: moved ? nil : previous.flatMap { $0.columns == grid.columns ? $0 : nil },
                                            to: grid, row: 1, column: column)
            #expect(String(decoding: out, as: UTF8.self) == expected, "frame \(n)")
            previous = grid
        }
    }

    @Test func invalidateDrawsEveryCellAgain() {
        let options = FrameOptions(columns: 40, rows: 10)
        let stream = FrameStream(options: options)
        var out: [UInt8] = []
        stream.write(Self.scene(10), into: &out)
        out.removeAll()
        stream.write(Self.scene(10), into: &out)
        #expect(out.isEmpty)
        stream.invalidate()
        stream.write(Self.scene(10), into: &out)
        let grid = FrameRenderer.grid(scene: Self.scene(10), options: options)
        #expect(String(decoding: out, as: UTF8.self) == ANSIEncoder.diff(from: nil, to: grid))
    }
}
