import Foundation
import LayerLabCore
import LayerLabLottie
import LayerLabRaster
import Testing

/// A fill under a trim paths item fills what the trim leaves of the outline, as Lottie
/// players draw it, read off the pixels of a 20 × 20 frame.
struct LottieTrimmedFillTests {
    /// A 20 × 20 square filling the frame, its fill under a trim (JSON members of `tm`).
    static func file(trim: String, extraShape: String = "", individually: Bool = false) -> Data {
        let square = #"{"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}}"#
        let tm = #"{"ty":"tm",\#(trim),"m":\#(individually ? 2 : 1)}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}"#
        let shapes = [square, extraShape, tm, fill].filter { !$0.isEmpty }.joined(separator: ",")
        let layer = #"{"ty":4,"nm":"Art","ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":[\#(shapes)]}"#
        return Data(#"{"v":"5.7.4","fr":10,"ip":0,"op":20,"w":20,"h":20,"layers":[\#(layer)]}"#.utf8)
    }

    static func draw(_ data: Data, at t: Double = 0) throws -> (Bitmap, [String]) {
        let r = try LottieImport.document(from: data)
        return (Rasterizer().render(Evaluator(document: r.document).scene(at: t), width: 20, height: 20), r.warnings)
    }

    static func shown(_ b: Bitmap, _ x: Int, _ y: Int) -> Bool? {
        let a = b[x, y].a
        return a > 0.9 ? true : a < 0.1 ? false : nil
    }

    @Test func aTrimmedFillFillsTheKeptStretchClosedStraight() throws {
        // The square's outline starts at the top of its right side and runs clockwise: its
        // first half is the right and bottom sides, closed by the diagonal.
        let (b, warnings) = try Self.draw(Self.file(trim: #""s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0}"#))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(Self.shown(b, 16, 16) == true)
        #expect(Self.shown(b, 3, 3) == false)
        #expect(Self.shown(b, 5, 17) == true)
        #expect(Self.shown(b, 17, 5) == true)
    }

    @Test func anOffsetTurnsTheStretchRoundAndItMayWrapPastTheStart() throws {
        // A half turn of offset: the left and top sides instead.
        let (b, _) = try Self.draw(Self.file(trim: #""s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":180}"#))
        #expect(Self.shown(b, 3, 3) == true)
        #expect(Self.shown(b, 16, 16) == false)
        // Three quarters of a turn: the top side, then on past the start down the right side,
        // one piece of a closed outline (two pieces would each enclose nothing).
        let (w, _) = try Self.draw(Self.file(trim: #""s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":270}"#))
        #expect(Self.shown(w, 17, 5) == true)
        #expect(Self.shown(w, 5, 17) == false)
    }

    @Test func anAnimatedTrimGrowsTheFill() throws {
        let e = #""s":{"a":0,"k":0},"e":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100]}]},"o":{"a":0,"k":0}"#
        let data = Self.file(trim: e)
        let (start, _) = try Self.draw(data, at: 0)
        let (end, _) = try Self.draw(data, at: 1)
        #expect(Self.shown(start, 16, 16) == false)
        #expect(Self.shown(end, 3, 3) == true)
        #expect(Self.shown(end, 16, 16) == true)
    }
}
