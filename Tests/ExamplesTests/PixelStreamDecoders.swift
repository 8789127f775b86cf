import CZlib
import LayerLabRaster

/// Decoders for the image streams LayerLab writes, independent of its encoders: they read the
/// escape sequences as a terminal would and give the pixels back, so tests compare pixels.
enum PixelStreamDecoders {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// A kitty graphics transmission: its keys (from the first chunk), the pixels (RGBA; RGB
    /// widened with alpha 255) and each chunk's payload length.
    struct KittyImage {
        var keys: [String: String]
        var width: Int, height: Int
        var rgba: [UInt8]
        var chunkLengths: [Int]
    }

    /// Reads the kitty APC sequences in `bytes` (one image; chunks joined while `m=1`).
    static func kitty(_ bytes: [UInt8]) throws -> KittyImage {
        var keys: [String: String] = [:]
        var payload: [UInt8] = []
        var lengths: [Int] = []
        var i = 0, finished = false
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "_"), bytes[i + 2] == UInt8(ascii: "G") else {
                throw Failure(description: "byte \(i) is not the start of a kitty graphics command")
            }
            guard !finished else { throw Failure(description: "a chunk after the last (m=0)") }
            var j = i + 3
            while j + 1 < bytes.count && !(bytes[j] == 0x1B && bytes[j + 1] == UInt8(ascii: "\\")) { j += 1 }
            guard j + 1 < bytes.count else { throw Failure(description: "unterminated command at \(i)") }
            let body = Array(bytes[(i + 3)..<j])
            guard let semi = body.firstIndex(of: UInt8(ascii: ";")) else { throw Failure(description: "no payload at \(i)") }
            var chunkKeys: [String: String] = [:]
            for pair in String(decoding: body[..<semi], as: UTF8.self).split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                guard kv.count == 2 else { throw Failure(description: "bad key '\(pair)'") }
                chunkKeys[String(kv[0])] = String(kv[1])
            }
            if keys.isEmpty { keys = chunkKeys.filter { $0.key != "m" } }
            let data = body[(semi + 1)...]
            lengths.append(data.count)
            payload += data
            finished = chunkKeys["m"] != "1"
            i = j + 2
        }
        guard finished else { throw Failure(description: "the last chunk says more follows") }
        guard var raw = Base64.decode(payload) else { throw Failure(description: "payload is not base64") }
        guard let w = keys["s"].flatMap(Int.init), let h = keys["v"].flatMap(Int.init) else {
            throw Failure(description: "no size")
        }
        switch keys["o"] {
        case nil: break
        case "z": raw = try inflate(raw, size: w * h * (keys["f"] == "24" ? 3 : 4))
        default: throw Failure(description: "compression o=\(keys["o"]!)")
        }
        var rgba: [UInt8]
        switch keys["f"] {
        case "32": rgba = raw
        case "24":
            rgba = []
            rgba.reserveCapacity(w * h * 4)
            for p in stride(from: 0, to: raw.count - 2, by: 3) { rgba += [raw[p], raw[p + 1], raw[p + 2], 255] }
        default: throw Failure(description: "format f=\(keys["f"] ?? "none")")
        }
        guard rgba.count == w * h * 4 else { throw Failure(description: "\(rgba.count) bytes for \(w)x\(h)") }
        return KittyImage(keys: keys, width: w, height: h, rgba: rgba, chunkLengths: lengths)
    }

    /// zlib's compress, standing in for the front end's (tests build encoders by hand).
    @Sendable static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { compress2(o.baseAddress, &length, $0.baseAddress, uLong($0.count), 1) }
        }
        guard status == Z_OK else { return nil }
        return Array(out[0..<Int(length)])
    }

    /// zlib data (RFC 1950) inflated to exactly `size` bytes.
    static func inflate(_ data: [UInt8], size: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size + 1)
        var length = uLongf(out.count)
        let status = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { uncompress(o.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK, Int(length) == size else {
            throw Failure(description: "o=z payload: zlib status \(status), \(length) bytes for \(size)")
        }
        out.removeLast()
        return out
    }

    /// A sixel image: its declared size, its colour registers (as bytes), and its pixels
    /// (RGB, black where nothing was drawn), as a VT340-like terminal would paint them.
    struct SixelImage {
        var width: Int, height: Int
        var registers: [Int: (UInt8, UInt8, UInt8)]
        var rgb: [UInt8]
        var painted: [Bool]
    }

    static func sixel(_ bytes: [UInt8]) throws -> SixelImage {
        guard bytes.count > 4, bytes[0] == 0x1B, bytes[1] == UInt8(ascii: "P") else { throw Failure(description: "no DCS") }
        guard let q = bytes.firstIndex(of: UInt8(ascii: "q")) else { throw Failure(description: "no q") }
        guard bytes.suffix(2) == [0x1B, UInt8(ascii: "\\")] else { throw Failure(description: "no ST at the end") }
        let data = Array(bytes[(q + 1)..<(bytes.count - 2)])
        var i = 0
        func number() -> Int? {
            var v: Int?
            while i < data.count, (48...57).contains(data[i]) { v = (v ?? 0) * 10 + Int(data[i] - 48); i += 1 }
            return v
        }
        func numbers() -> [Int] {
            var list: [Int] = [number() ?? 0]
            while i < data.count, data[i] == UInt8(ascii: ";") { i += 1; list.append(number() ?? 0) }
            return list
        }
        var width = 0, height = 0
        if i < data.count, data[i] == UInt8(ascii: "\"") {
            i += 1
            let ra = numbers()
            guard ra.count == 4 else { throw Failure(description: "raster attributes \(ra)") }
            width = ra[2]; height = ra[3]
        }
        guard width > 0, height > 0 else { throw Failure(description: "no size") }
        var registers: [Int: (UInt8, UInt8, UInt8)] = [:]
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        var painted = [Bool](repeating: false, count: width * height)
        var x = 0, band = 0, color = 0
        func paint(_ s: UInt8, _ count: Int) throws {
            guard (63...126).contains(s) else { throw Failure(description: "bad sixel \(s)") }
            let bits = Int(s - 63)
            guard let c = registers[color] else { throw Failure(description: "register \(color) used undefined") }
            for _ in 0..<count {
                if bits != 0 {
                    guard x < width else { throw Failure(description: "column \(x) beyond \(width)") }
                    for dy in 0..<6 where bits & (1 << dy) != 0 {
                        let y = band * 6 + dy
                        guard y < height else { throw Failure(description: "row \(y) beyond \(height)") }
                        let p = y * width + x
                        rgb[p * 3] = c.0; rgb[p * 3 + 1] = c.1; rgb[p * 3 + 2] = c.2
                        painted[p] = true
                    }
                }
                x += 1
            }
        }
        while i < data.count {
            let ch = data[i]
            switch ch {
            case UInt8(ascii: "#"):
                i += 1
                let p = numbers()
                if p.count == 5 {
                    guard p[1] == 2, p[2...4].allSatisfy({ (0...100).contains($0) }) else {
                        throw Failure(description: "colour \(p)")
                    }
                    func byte(_ v: Int) -> UInt8 { UInt8((v * 255 + 50) / 100) }
                    registers[p[0]] = (byte(p[2]), byte(p[3]), byte(p[4]))
                } else if p.count != 1 {
                    throw Failure(description: "register command \(p)")
                }
                color = p[0]
            case UInt8(ascii: "!"):
                i += 1
                guard let n = number(), i < data.count else { throw Failure(description: "bad repeat") }
                try paint(data[i], n)
                i += 1
            case UInt8(ascii: "$"): x = 0; i += 1
            case UInt8(ascii: "-"): x = 0; band += 1; i += 1
            default:
                try paint(ch, 1)
                i += 1
            }
        }
        return SixelImage(width: width, height: height, registers: registers, rgb: rgb, painted: painted)
    }
}
