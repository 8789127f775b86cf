/// rlottie's C API through `dlopen`: loads a Lottie JSON and renders its frames into a
/// reused ARGB buffer, the work a Lottie player does for each frame.
/// Immutable after `init` (function pointers only), hence shareable.
public final class RLottie: @unchecked Sendable {
    typealias FromData = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias Destroy = @convention(c) (OpaquePointer?) -> Void
    typealias TotalFrames = @convention(c) (OpaquePointer?) -> Int
    typealias Render = @convention(c) (OpaquePointer?, Int, UnsafeMutablePointer<UInt32>?, Int, Int, Int) -> Void

    private let library: SharedLibrary
    private let fromData: FromData, destroy: Destroy, totalFrames: TotalFrames, render: Render

    /// rlottie, or nil when `librlottie` is not installed.
    public init?() {
        guard let lib = SharedLibrary(["librlottie.so", "librlottie.so.0-1", "librlottie.so.0", "librlottie.dylib"]),
              let fromData = lib.function("lottie_animation_from_data", as: FromData.self),
              let destroy = lib.function("lottie_animation_destroy", as: Destroy.self),
              let totalFrames = lib.function("lottie_animation_get_totalframe", as: TotalFrames.self),
              let render = lib.function("lottie_animation_render", as: Render.self)
        else { return nil }
        library = lib
        self.fromData = fromData; self.destroy = destroy; self.totalFrames = totalFrames; self.render = render
    }

    /// A loaded animation with its frame buffer.
    public final class Animation {
        let rlottie: RLottie
        let handle: OpaquePointer
        public let width: Int, height: Int
        public let frameCount: Int
        private var buffer: [UInt32]

        init?(_ rlottie: RLottie, json: String, width: Int, height: Int) {
            // rlottie caches parsed files by key; a fresh key per load keeps runs independent.
            guard let h = json.withCString({ rlottie.fromData($0, "layerlab-\(UInt.random(in: 0...UInt.max))", "") })
            else { return nil }
            self.rlottie = rlottie; handle = h; self.width = width; self.height = height
            frameCount = max(1, rlottie.totalFrames(h))
            buffer = [UInt32](repeating: 0, count: width * height)
        }

        deinit { rlottie.destroy(handle) }

        /// Draws frame `n` (wrapped to the animation) into the buffer.
        public func render(frame n: Int) {
            let f = ((n % frameCount) + frameCount) % frameCount
            let (r, h, w) = (rlottie.render, handle, width)
            let height = self.height
            buffer.withUnsafeMutableBufferPointer { b in r(h, f, b.baseAddress, w, height, w * 4) }
        }

        /// The last rendered frame's pixel (premultiplied ARGB as rlottie writes it).
        public func pixel(x: Int, y: Int) -> UInt32 { buffer[y * width + x] }
    }

    /// Loads `json`, drawn at `width` x `height`; nil when rlottie cannot read it.
    public func animation(json: String, width: Int, height: Int) -> Animation? {
        Animation(self, json: json, width: width, height: height)
    }
}
