import LayerLabCore
import TestSupport
import Testing
@testable import LayerLabRaster

/// Golden frames: every fixture in every mode, as text, compared with `__Goldens__`.
@Suite struct GoldenFrameTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var fixture: String
        var mode: FrameMode
        var color: ColorMode
        var testDescription: String { "\(fixture).\(mode.rawValue).\(color.rawValue)" }
    }

    static let cases: [Case] = Fixtures.all.flatMap { name, _ in
        FrameMode.characterModes.map { Case(fixture: name, mode: $0, color: .none) }
    } + [
        Case(fixture: "shape-fill-stroke", mode: .blocks, color: .truecolor),
        Case(fixture: "opacity-group", mode: .blocks, color: .ansi256),
        Case(fixture: "text", mode: .braille, color: .truecolor),
        Case(fixture: "image-gravity", mode: .ascii, color: .ansi256),
    ]

    @Test(arguments: cases)
    func frame(_ c: Case) throws {
        let scene = try #require(Fixtures.all.first { $0.0 == c.fixture }?.1)
        let options = FrameOptions(columns: 40, rows: 20, mode: c.mode, color: c.color)
        let grid = FrameRenderer.grid(scene: scene, options: options, images: Fixtures.images)
        let rows = c.color == .none ? grid.plainRows : ANSIEncoder.lines(grid)
        let header = "\(c.fixture) mode=\(c.mode.rawValue) color=\(c.color.rawValue) \(grid.columns)x\(grid.rows)"
        assertGolden(goldenText(header: header, rows: rows), suite: "GoldenFrameTests", name: c.testDescription)
    }

    @Test func renderingIsDeterministic() {
        for (_, scene) in Fixtures.all {
            for mode in FrameMode.characterModes {
                let o = FrameOptions(columns: 60, rows: 25, mode: mode, color: .truecolor)
                let a = FrameRenderer.render(scene: scene, options: o, images: Fixtures.images)
                let b = FrameRenderer.render(scene: scene, options: o, images: Fixtures.images)
                #expect(a == b)
                // The bytes players write are the text's, appended after what the buffer held.
                var bytes: [UInt8] = [7]
                FrameRenderer.write(scene: scene, options: o, images: Fixtures.images, into: &bytes)
                #expect(bytes == [7] + Array(a.utf8))
            }
            let r = Rasterizer(images: Fixtures.images)
            #expect(r.render(scene, width: 97, height: 61) == r.render(scene, width: 97, height: 61))
        }
    }
}
