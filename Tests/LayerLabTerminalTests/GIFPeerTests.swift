import CGIF
import Foundation
import LayerLabCore
import LayerLabRaster
import Testing
@testable import LayerLabTerminal

/// LayerLab writes GIFs itself (`GIFLZW`, `GIFCodec.StreamWriter`); giflib's own encoder,
/// driven here as LayerLab drove it before, must write the same file byte for byte.
@Suite struct GIFPeerTests {
    /// The frames as giflib's encoder writes them: the same palette, changed rectangles,
    /// graphic control blocks and looping extension.
    static func giflibBytes(_ frames: [Bitmap], delays: [Int]) throws -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let palette = PaletteQuantizer(frames: frames)
        let width = frames[0].width, height = frames[0].height
        var error: Int32 = 0
        let gif = try #require(EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), { file, bytes, length in
            let s = Unmanaged<Sink>.fromOpaque(file!.pointee.UserData).takeUnretainedValue()
            s.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
            return length
        }, &error))
        EGifSetGifVersion(gif, true)
        var entries = palette.colors.map { GifColorType(Red: $0.0, Green: $0.1, Blue: $0.2) }
        while entries.count < 256 { entries.append(GifColorType(Red: 0, Green: 0, Blue: 0)) }
        let map = try #require(GifMakeMapObject(256, &entries))
        defer { GifFreeMapObject(map) }
        #expect(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map) != GIF_ERROR)
        #expect(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) != GIF_ERROR)
        var app = Array("NETSCAPE2.0".utf8)
        #expect(EGifPutExtensionBlock(gif, 11, &app) != GIF_ERROR)
        var loop: [UInt8] = [1, 0, 0]
        #expect(EGifPutExtensionBlock(gif, 3, &loop) != GIF_ERROR)
        #expect(EGifPutExtensionTrailer(gif) != GIF_ERROR)
        var previous: [UInt8] = []
        for (n, frame) in frames.enumerated() {
            var indices = [UInt8](repeating: 0, count: width * height)
            frame.pixels.withUnsafeBufferPointer { p in
                indices.withUnsafeMutableBufferPointer { palette.map(p, into: $0.baseAddress!) }
            }
            var rect = (x: 0, y: 0, width: width, height: height)
            if palette.transparentIndex == nil && previous.count == indices.count {
                rect = GIFCodec.changedRect(previous, indices, width: width, height: height)
            }
            var gcb = GraphicsControlBlock()
            gcb.DisposalMode = palette.transparentIndex == nil ? DISPOSE_DO_NOT : DISPOSE_BACKGROUND
            gcb.UserInputFlag = false
            gcb.DelayTime = Int32(delays[n])
            gcb.TransparentColor = Int32(palette.transparentIndex ?? Int(NO_TRANSPARENT_COLOR))
            var ext = [GifByteType](repeating: 0, count: 4)
            _ = EGifGCBToExtension(&gcb, &ext)
            #expect(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &ext) != GIF_ERROR)
            #expect(EGifPutImageDesc(gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, nil) != GIF_ERROR)
            indices.withUnsafeMutableBufferPointer { p in
                for y in rect.y..<(rect.y + rect.height) {
                    _ = EGifPutLine(gif, p.baseAddress! + y * width + rect.x, Int32(rect.width))
                }
            }
            if palette.transparentIndex == nil { previous = indices }
        }
        #expect(EGifCloseFile(gif, &error) != GIF_ERROR)
        return sink.bytes
    }

    /// Rendered frames of two examples' kinds of drawing, noise that fills the code table
    /// many times over, a transparent background, and a single pixel.
    @Test func ourGIFsAreTheBytesGiflibWrites() throws {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func random(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        var noise = Bitmap(width: 257, height: 131)
        for y in 0..<131 {
            for x in 0..<257 { noise[x, y] = Color(bytes: random(256), random(256), random(256)) }
        }
        let scene = ImagingTests.sampleScene()
        let drawn = Rasterizer().render(scene, width: 160, height: 120)
        var moved = drawn
        for y in 40..<60 { for x in 10..<50 { moved[x, y] = Color(bytes: 20, 200, 90) } }
        var clear = Bitmap(width: 64, height: 48)
        for y in 10..<30 { for x in 5..<40 { clear[x, y] = Color(bytes: 250, 10, 10) } }
        let sequences: [[Bitmap]] = [
            [drawn, moved, drawn],
            [noise, noise],
            [clear, Bitmap(width: 64, height: 48)],
            [Bitmap(width: 1, height: 1, fill: .white)],
        ]
        for frames in sequences {
            let delays = GIFCodec.delays(count: frames.count, fps: 24)
            let ours = try GIFCodec.encode(frames: frames, delays: delays)
            let theirs = try GIFPeerTests.giflibBytes(frames, delays: delays)
            let ourBytes = Array(ours)
            let firstDifference = (0..<min(ourBytes.count, theirs.count)).first { ourBytes[$0] != theirs[$0] }
                ?? min(ourBytes.count, theirs.count)
            let same = ourBytes == theirs
            #expect(same, "\(frames[0].width)x\(frames[0].height): \(ourBytes.count) bytes against \(theirs.count), first difference at \(firstDifference)")
        }
    }
}
