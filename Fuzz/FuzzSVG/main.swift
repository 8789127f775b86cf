import FuzzSupport
import LayerLabCore

// SVG path data as `svg("…")` reads it. Whatever the bytes, reading returns a path or an
// error; a path read back from its own `svgData` (the form `inspect` prints) must read again.
runFuzzer { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    guard let path = try? Path(svg: text) else { return }
    let written = path.svgData
    do {
        _ = try Path(svg: written)
    } catch {
        fatalError("svgData does not read back: \(written): \(error)")
    }
}
