#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// rlottie (Samsung's Lottie player, `librlottie-dev` on Debian) through its C API, loaded with
/// `dlopen` so the package builds and the other tests run on a machine without it; tests that
/// need it check `RLottie.shared` and report a skip when it is nil.
///
///     let player = try RLottie.shared?.animation(json)
///     let rgba = player?.render(frame: 12)   // straight-alpha RGBA, row by row
public final class RLottie: @unchecked Sendable {
    typealias FromData = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<CChar>) -> OpaquePointer?
    typealias FromFile = @convention(c) (UnsafePointer<CChar>) -> OpaquePointer?
    typealias Destroy = @convention(c) (OpaquePointer) -> Void
    typealias GetSize = @convention(c) (OpaquePointer, UnsafeMutablePointer<Int>, UnsafeMutablePointer<Int>) -> Void
    typealias TotalFrame = @convention(c) (OpaquePointer) -> Int
    typealias FrameRate = @convention(c) (OpaquePointer) -> Double
    typealias Render = @convention(c) (OpaquePointer, Int, UnsafeMutablePointer<UInt32>, Int, Int, Int) -> Void

    let fromData: FromData
    let fromFile: FromFile
    let destroy: Destroy
    let getSize: GetSize
    let totalFrame: TotalFrame
    let frameRate: FrameRate
    let render: Render
    /// rlottie caches parsed files by key: every load gets a fresh one.
    private var loads = 0
    private let lock = PThreadLock()

    /// The library, or nil when it is not installed.
    public static let shared: RLottie? = RLottie()

    private init?() {
        var handle: UnsafeMutableRawPointer?
        for name in ["librlottie.so", "librlottie.so.0-1", "librlottie.so.0", "librlottie.dylib"] {
            handle = dlopen(name, RTLD_NOW | RTLD_LOCAL)
            if handle != nil { break }
        }
        guard let handle else { return nil }
        func symbol<T>(_ name: String, as: T.Type) -> T? {
            guard let p = dlsym(handle, name) else { return nil }
            return unsafeBitCast(p, to: T.self)
        }
        guard let fromData = symbol("lottie_animation_from_data", as: FromData.self),
              let fromFile = symbol("lottie_animation_from_file", as: FromFile.self),
              let destroy = symbol("lottie_animation_destroy", as: Destroy.self),
              let getSize = symbol("lottie_animation_get_size", as: GetSize.self),
              let totalFrame = symbol("lottie_animation_get_totalframe", as: TotalFrame.self),
              let frameRate = symbol("lottie_animation_get_framerate", as: FrameRate.self),
              let render = symbol("lottie_animation_render", as: Render.self) else { return nil }
        self.fromData = fromData; self.fromFile = fromFile; self.destroy = destroy; self.getSize = getSize
        self.totalFrame = totalFrame; self.frameRate = frameRate; self.render = render
    }

    public struct LoadError: Error, CustomStringConvertible {
        public var description: String { "rlottie could not read the file" }
    }

    /// A player for `json`; `resourcePath` is the folder relative image paths are read from.
    public func animation(_ json: String, resourcePath: String = "") throws -> Animation {
        let key = lock.locked { () -> String in loads += 1; return "layerlab-test-\(loads)" }
        guard let a = fromData(json, key, resourcePath) else { throw LoadError() }
        return Animation(self, a)
    }

    /// A player for the file at `path`; images with relative paths are read from its folder.
    public func animation(file path: String) throws -> Animation {
        guard let a = fromFile(path) else { throw LoadError() }
        return Animation(self, a)
    }

    /// One loaded animation.
    public final class Animation {
        let lib: RLottie
        let handle: OpaquePointer

        init(_ lib: RLottie, _ handle: OpaquePointer) { self.lib = lib; self.handle = handle }
        deinit { lib.destroy(handle) }

        public var size: (width: Int, height: Int) {
            var w = 0, h = 0
            lib.getSize(handle, &w, &h)
            return (w, h)
        }
        public var totalFrames: Int { lib.totalFrame(handle) }
        public var frameRate: Double { lib.frameRate(handle) }

        /// Frame `frame` at `width` x `height` as straight-alpha RGBA bytes (rlottie draws
        /// premultiplied ARGB32 words, which are un-premultiplied here).
        public func render(frame: Int, width: Int, height: Int) -> [UInt8] {
            var words = [UInt32](repeating: 0, count: width * height)
            words.withUnsafeMutableBufferPointer { b in
                if let base = b.baseAddress { lib.render(handle, frame, base, width, height, width * 4) }
            }
            var out = [UInt8](repeating: 0, count: width * height * 4)
            for (i, w) in words.enumerated() {
                let a = Int(w >> 24), r = Int((w >> 16) & 0xFF), g = Int((w >> 8) & 0xFF), b = Int(w & 0xFF)
                guard a > 0 else { continue }
                func straight(_ c: Int) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
                out[i * 4] = straight(r); out[i * 4 + 1] = straight(g); out[i * 4 + 2] = straight(b)
                out[i * 4 + 3] = UInt8(a)
            }
            return out
        }
    }
}

/// A pthread mutex (Foundation-free, so this target has no dependencies).
final class PThreadLock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}
