/// iTerm2's inline images: `ESC ] 1337 ; File=…: BASE64 BEL`, carrying an encoded picture
/// (PNG) that the terminal scales to the given pixel size. The picture is made elsewhere (the
/// PNG codec is a C library, outside this pure module).
package enum ITermEncoder {
    /// Appends the sequence showing `png` at the cursor, `width` x `height` pixels, without
    /// moving the cursor to a new line afterwards (`doNotMoveCursor=1`, where supported).
    package static func write(png: [UInt8], width: Int, height: Int, into out: inout [UInt8]) {
        out += "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(width)px;height=\(height)px;preserveAspectRatio=0;doNotMoveCursor=1:".utf8
        Base64.append(png, to: &out)
        out.append(0x07)
    }
}
