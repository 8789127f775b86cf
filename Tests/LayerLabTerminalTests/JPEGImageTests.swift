import Foundation
import LayerLabCore
import LayerLabRaster
import TestSupport
import Testing
@testable import LayerLabTerminal

/// JPEG images, as Lottie files embed them (`data:image/jpeg`, sometimes under a PNG MIME
/// type) and keep them beside the JSON: decoded through libjpeg, told by their first bytes.
@Suite struct JPEGImageTests {
    /// A 32 × 16 JPEG written by libjpeg (quality 90, 4:2:0): the left half RGB (230, 40, 30),
    /// the right half (20, 120, 220).
    static let redBlue = Data(base64Encoded: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAQACADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDyqiiivxw/0ANCiiiv9Fj/ABkP/9k=")!

    static func near(_ b: Bitmap, _ x: Int, _ y: Int, _ rgb: (Int, Int, Int)) -> Bool {
        let i = (y * b.width + x) * 4
        return abs(Int(b.pixels[i]) - rgb.0) <= 12 && abs(Int(b.pixels[i + 1]) - rgb.1) <= 12
            && abs(Int(b.pixels[i + 2]) - rgb.2) <= 12 && b.pixels[i + 3] == 255
    }

    @Test func aJPEGDecodesToItsColours() throws {
        let b = try JPEGCodec.decode(Self.redBlue)
        #expect(b.width == 32 && b.height == 16)
        #expect(Self.near(b, 4, 8, (230, 40, 30)))
        #expect(Self.near(b, 27, 8, (20, 120, 220)))
    }

    @Test func imageBytesAreToldByTheirFirstBytes() throws {
        #expect(ImageFormat(sniffing: Self.redBlue) == .jpeg)
        let png = try PNGCodec.encode(Bitmap(width: 2, height: 2, fill: Color(0, 1, 0)))
        #expect(ImageFormat(sniffing: png) == .png)
        #expect(ImageFormat(sniffing: Data("GIF89a".utf8)) == .gif)
        #expect(ImageFormat(sniffing: Data("hello".utf8)) == nil)
        #expect(try ImageLoader.decode(Self.redBlue, name: "x").width == 32)
        #expect(throws: ImagingError.self) { try ImageLoader.decode(Data("hello".utf8), name: "x") }
    }

    /// A file named .png holding JPEG bytes, and an embedded image whose MIME type says PNG but
    /// whose bytes are a JPEG, both draw.
    @Test func theNameAndTheMIMETypeDoNotDecide() throws {
        let path = Scratch.path("photo.png")
        try Self.redBlue.write(to: URL(fileURLWithPath: path))
        #expect(Self.near(try ImageLoader.load(path), 4, 8, (230, 40, 30)))
        let lottie = #"{"v":"5.7.4","fr":10,"ip":0,"op":10,"w":32,"h":16,"assets":[{"id":"photo","w":32,"h":16,"u":"","p":"data:image/png;base64,\#(Self.redBlue.base64EncodedString())","e":1}],"layers":[{"ty":2,"nm":"Photo","refId":"photo","ind":1,"ip":0,"op":10,"st":0,"ks":{}}]}"#
        let opened = try JSONProjectCodec.importLottie(Data(lottie.utf8), strict: false)
        let (store, errors) = ImageLoader.images(for: opened.document, relativeTo: nil)
        #expect(errors.isEmpty, "\(errors)")
        let frame = Rasterizer(images: store).render(Evaluator(document: opened.document).scene(at: 0), width: 32, height: 16)
        #expect(Self.near(frame, 27, 8, (20, 120, 220)))
    }

    /// Broken JPEG bytes are an error with libjpeg's reason, never the end of the process
    /// (libjpeg's own handler would exit).
    @Test func aBrokenJPEGIsAnError() {
        #expect(throws: ImagingError.self) { try JPEGCodec.decode(Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])) }
        #expect(throws: ImagingError.self) { try JPEGCodec.decode(Data()) }
        #expect(throws: ImagingError.self) { try JPEGCodec.decode(Data("not a jpeg".utf8)) }
        // Cut short, a JPEG decodes with what is missing filled in, as players show it.
        #expect((try? JPEGCodec.decode(Self.redBlue.prefix(Self.redBlue.count - 24)))?.width == 32)
        for n in stride(from: 0, to: Self.redBlue.count, by: 7) { _ = try? JPEGCodec.decode(Self.redBlue.prefix(n)) }
    }
}
