import Foundation
import LayerLabCore
import LayerLabExport
import LayerLabRaster
import PeerLibraries

/// LayerLab beside rlottie (the same scene through LayerLab's Lottie export) and cairo (the
/// same geometry drawn with cairo's API), in one run so the ratios compare like with like.
func peerBenchmarks() {
    print("")
    print("## Beside rlottie and cairo: trimmed circle at 240x96 px, one shape at 480x480 px")
    circleBenchmarks()
    shapeBenchmarks()
    zigzagBenchmark()
}

/// The trimmed circle beside rlottie and cairo (group `circle`).
func circleBenchmarks() {
    let ev = Evaluator(document: trimmedCircle)
    let frames = 120   // 2 s at 60 fps, as the Lottie export keys it
    var i = 0
    // As `play` draws: one FrameStream, each frame's bytes into a kept buffer (changed cells).
    let blocks = FrameOptions(columns: 240, rows: 48, mode: .blocks, color: .truecolor)
    let stream = FrameStream(options: blocks)
    var out: [UInt8] = []
    out.reserveCapacity(1 << 16)
    let ours = measure("LayerLab trimmed circle: evaluate + rasterize + encode (blocks, 24-bit)", runs: 201) {
        i += 1
        out.removeAll(keepingCapacity: true)
        stream.write(ev.drawnScene(at: Double(i % frames) / 60), into: &out)
    }
    let ascii = FrameOptions(columns: 240, rows: 48, mode: .ascii, color: .none)
    let asciiStream = FrameStream(options: ascii)
    let oursAscii = measure("LayerLab same, ascii without colour (240x48 px: a pixel a cell)", runs: 201) {
        i += 1
        out.removeAll(keepingCapacity: true)
        asciiStream.write(ev.drawnScene(at: Double(i % frames) / 60), into: &out)
    }
    let canvas240 = FrameCanvas(width: 240, height: 96)
    let oursRaster = measure("LayerLab same, evaluate + rasterize only (240x96 px)", runs: 201) {
        i += 1
        _ = canvas240.render(ev.drawnScene(at: Double(i % frames) / 60))
    }
    measure("  of which: evaluate", runs: 201) {
        i += 1
        _ = ev.drawnScene(at: Double(i % frames) / 60)
    }
    measure("LayerLab same, every cell redrawn (one-shot FrameRenderer.render)", runs: 201) {
        i += 1
        _ = FrameRenderer.render(scene: ev.drawnScene(at: Double(i % frames) / 60), options: blocks)
    }
    if let rl = RLottie() {
        let json = String(decoding: LottieExporter.json(for: trimmedCircle, fps: 60), as: UTF8.self)
        if let anim = rl.animation(json: json, width: 240, height: 96) {
            var f = 0
            let peer = measure("rlottie trimmed circle: rasterize a frame (LayerLab's Lottie export)", runs: 201) {
                f += 1
                anim.render(frame: f)
            }
            // The peer must really draw: three quarters of the ring at frame 90 (alpha at 3 o'clock).
            anim.render(frame: 90)
            if anim.pixel(x: 160, y: 48) >> 24 == 0 { print("rlottie: drew nothing; its figure is not comparable") }
            ratio("LayerLab blocks / rlottie", ours, peer, target: 1)
            ratio("LayerLab ascii / rlottie", oursAscii, peer)
            ratio("LayerLab rasterize / rlottie", oursRaster, peer)
        } else {
            print("rlottie: cannot read LayerLab's Lottie export")
        }
    } else {
        print("rlottie: not installed (apt-get install librlottie-dev)")
    }
    let cairo = Cairo()
    if let cairo {
        let canvas = cairo.canvas(width: 240, height: 96)
        var f = 0
        let peer = measure("cairo trimmed circle: clear, arc, stroke (240x96 px)", runs: 201) {
            f += 1
            let end = Double(f % frames) / Double(frames)
            canvas.draw([.clear(r: 1, g: 1, b: 1, a: 1),
                         .arc(cx: 120, cy: 48, radius: 40, start: 0, end: max(1e-6, end) * 2 * Double.pi),
                         .stroke(r: 220 / 255, g: 20 / 255, b: 60 / 255, a: 1, width: 6, cap: 1, join: 0)])
        }
        ratio("LayerLab rasterize / cairo", oursRaster, peer)
    } else {
        print("cairo: not installed (apt-get install libcairo2-dev)")
    }

}

/// One shape at 480x480 beside cairo (group `shape`).
func shapeBenchmarks() {
    let cairo = Cairo()
    let one = Evaluator(document: oneShape).drawnScene(at: 0)
    let canvas480 = FrameCanvas(width: 480, height: 480)
    let oursOne = measure("LayerLab one shape at 480x480 px (fill + stroke, to RGBA bytes)", runs: 101) {
        _ = canvas480.render(one)
    }
    measure("LayerLab same, one-shot Rasterizer.render (a new 480x480 buffer)", runs: 101) {
        _ = Rasterizer().render(one, width: 480, height: 480)
    }
    target("one shape", oursOne, atMost: 0.25, unit: "ms")
    if let cairo {
        let canvas = cairo.canvas(width: 480, height: 480)
        let peer = measure("cairo one shape at 480x480 px (clear, fill, stroke)", runs: 101) {
            canvas.draw([.clear(r: 1, g: 1, b: 1, a: 1),
                         .arc(cx: 240, cy: 240, radius: 144, start: 0, end: 2 * Double.pi),
                         .fill(r: 1, g: 0, b: 0, a: 1, keepPath: true),
                         .stroke(r: 0, g: 0, b: 0, a: 1, width: 9.6, cap: 0, join: 0)])
        }
        ratio("LayerLab / cairo, one shape", oursOne, peer)
    }
}

func zigzagBenchmark() {
    // A long path: edges cost linear time (no sort), so 25,000 segments stay cheap.
    let wobbly = Path.polygon((0..<25_000).map { i in
        let a = Double(i) * 2 * Double.pi / 25_000
        let r = 200 + 30 * ((i % 2 == 0) ? 1.0 : -1.0)
        return Point(240 + r * cos(a), 240 + r * sin(a))
    })
    var many = Document()
    many.canvas.size = Size(480, 480)
    many.layers = [Layer(name: "w", kind: .shape, properties: ["path": .path(wobbly), "fillColor": .color(Color(0, 0, 1))])]
    let manyScene = Evaluator(document: many).drawnScene(at: 0)
    measure("LayerLab 25,000-segment zigzag polygon at 480x480 px", runs: 21) {
        _ = Rasterizer().render(manyScene, width: 480, height: 480)
    }
}
