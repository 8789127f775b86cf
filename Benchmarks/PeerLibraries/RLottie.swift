/// rlottie's C API through `dlopen`: loads a Lottie JSON and renders its frames into a
/// reused ARGB buffer, the work a Lottie player does for each frame.
/// Immutable after `init` (function pointers only), hence shareable.
package final class RLottie: @unchecked Sendable {
    typealias FromData = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias FromFile = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    typealias Destroy = @convention(c) (OpaquePointer?) -> Void
    typealias TotalFrames = @convention(c) (OpaquePointer?) -> Int
    typealias Render = @convention(c) (OpaquePointer?, Int, UnsafeMutablePointer<UInt32>?, Int, Int, Int) -> Void

    private let library: SharedLibrary
    private let fromData: FromData, fromFile: FromFile, destroy: Destroy, totalFrames: TotalFrames, render: Render

    /// rlottie, or nil when `librlottie` is not installed.
    package init?() {
        guard let lib = SharedLibrary(["librlottie.so", "librlottie.so.0-1", "librlottie.so.0", "librlottie.dylib"]),
              let fromData = lib.function("lottie_animation_from_data", as: FromData.self),
              let fromFile = lib.function("lottie_animation_from_file", as: FromFile.self),
              let destroy = lib.function("lottie_animation_destroy", as: Destroy.self),
              let totalFrames = lib.function("lottie_animation_get_totalframe", as: TotalFrames.self),
              let render = lib.function("lottie_animation_render", as: Render.self)
        else { return nil }
        library = lib
        self.fromData = fromData; self.fromFile = fromFile; self.destroy = destroy; self.totalFrames = totalFrames; self.render = render
    }

    /// A loaded animation with its frame buffer.
    package final class Animation {
        let rlottie: RLottie
        let handle: OpaquePointer
        package let width: Int, height: Int
        package let frameCount: Int
        private var buffer: [UInt32]

        convenience init?(_ rlottie: RLottie, json: String, width: Int, height: Int) {
            // rlottie caches parsed files by key; a fresh key per load keeps runs independent.
            guard let h = json.withCString({ rlottie.fromData($0, "layerlab-\(UInt.random(in: 0...UInt.max))", "") })
            else { return nil }
            self.init(rlottie, handle: h, width: width, height: height)
        }

        /// A file read by rlottie itself, so images named relative to it load from its folder.
        /// NB: rlottie caches files by path; give each load a path of its own.
        convenience init?(_ rlottie: RLottie, file: String, width: Int, height: Int) {
            guard let h = file.withCString({ rlottie.fromFile($0) }) else { return nil }
            self.init(rlottie, handle: h, width: width, height: height)
        }

        private init(_ rlottie: RLottie, handle h: OpaquePointer, width: Int, height: Int) {
            self.rlottie = rlottie; handle = h; self.width = width; self.height = height
            frameCount = max(1, rlottie.totalFrames(h))
            buffer = [UInt32](repeating: 0, count: width * height)
        }

        deinit { rlottie.destroy(handle) }

        /// Draws frame `n` (wrapped to the animation) into the buffer.
        package func render(frame n: Int) {
            let f = ((n % frameCount) + frameCount) % frameCount
            let (r, h, w) = (rlottie.render, handle, width)
            let height = self.height
            buffer.withUnsafeMutableBufferPointer { b in r(h, f, b.baseAddress, w, height, w * 4) }
        }

        /// The last rendered frame's pixel (premultiplied ARGB as rlottie writes it).
        package func pixel(x: Int, y: Int) -> UInt32 { buffer[y * width + x] }

        /// The last rendered frame as straight-alpha RGBA bytes, row by row (LayerLab's
        /// `Bitmap` layout): rlottie's premultiplied ARGB words un-premultiplied.
        package var rgba: [UInt8] {
            var out = [UInt8](repeating: 0, count: buffer.count * 4)
            for (i, w) in buffer.enumerated() {
                let a = Int(w >> 24)
                guard a > 0 else { continue }
                func straight(_ c: UInt32) -> UInt8 { UInt8(min(255, (Int(c & 0xFF) * 255 + a / 2) / a)) }
                out[i * 4] = straight(w >> 16); out[i * 4 + 1] = straight(w >> 8); out[i * 4 + 2] = straight(w)
                out[i * 4 + 3] = UInt8(a)
            }
            return out
        }
    }

    /// Loads `json`, drawn at `width` x `height`; nil when rlottie cannot read it.
    package func animation(json: String, width: Int, height: Int) -> Animation? {
        Animation(self, json: json, width: width, height: height)
    }

    /// Loads the file at `path`, drawn at `width` x `height`; nil when rlottie cannot read it.
    package func animation(file path: String, width: Int, height: Int) -> Animation? {
        Animation(self, file: path, width: width, height: height)
    }
}
