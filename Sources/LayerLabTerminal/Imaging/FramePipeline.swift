#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLabRaster

/// Draws frames on a second thread while the caller encodes the one before: frame n + 1 is
/// drawn (and, for a GIF, mapped to its palette) while frame n is compressed, so an export
/// uses both cores. `Frame` is what the second thread hands over: a bitmap, or palette indices.
///
/// Frames come out in order, one waiting at most, so the output is the same bytes as drawing
/// them one after another. `render` runs only on the pipeline's thread, and nothing else
/// touches what it captures until `finish` has joined that thread: that is why handing it
/// over is safe even though it is not `Sendable`.
final class FramePipeline<Frame>: PipelineThread, @unchecked Sendable {
    private let frames: [Int]
    private let render: (Int) -> Frame
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `lock`.
    private var waiting: Frame?
    private var stopped = false
    private var thread: pthread_t?

    /// Starts drawing `frames` (frame numbers, in the order they are wanted) with `render`.
    init(frames: [Int], render: @escaping (Int) -> Frame) {
        self.frames = frames; self.render = render
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        super.init()
        var t = pthread_t()
        let me = Unmanaged<PipelineThread>.passRetained(self).toOpaque()
        if pthread_create(&t, nil, { context in
            let pipeline = Unmanaged<PipelineThread>.fromOpaque(context!).takeRetainedValue()
            pipeline.work()
            return nil
        }, me) == 0 {
            thread = t
        } else {
            // No thread: frames are drawn on demand by `next` instead.
            Unmanaged<PipelineThread>.fromOpaque(me).release()
        }
    }

    deinit {
        pthread_cond_destroy(changed); pthread_mutex_destroy(lock)
        changed.deallocate(); lock.deallocate()
    }

    override func work() {
        for n in frames {
            pthread_mutex_lock(lock)
            let stop = stopped
            pthread_mutex_unlock(lock)
            if stop { return }
            let bitmap = render(n)
            pthread_mutex_lock(lock)
            while waiting != nil && !stopped { pthread_cond_wait(changed, lock) }
            if stopped { pthread_mutex_unlock(lock); return }
            waiting = bitmap
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(lock)
        }
    }

    private var taken = 0

    /// The next frame, in order; nil after the last.
    func next() -> Frame? {
        guard taken < frames.count else { return nil }
        defer { taken += 1 }
        guard thread != nil else { return render(frames[taken]) }
        pthread_mutex_lock(lock)
        while waiting == nil { pthread_cond_wait(changed, lock) }
        let b = waiting
        waiting = nil
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        return b
    }

    /// Stops drawing (after the frame in hand) and waits for the thread to end. Call it on
    /// every way out, before anything `render` captured is used again.
    func finish() {
        pthread_mutex_lock(lock)
        stopped = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        if let t = thread {
            pthread_join(t, nil)
            thread = nil
        }
    }
}

/// What the pipeline's thread runs, named without `FramePipeline`'s frame type: the thread's
/// entry is a C function, which cannot refer to a generic type.
class PipelineThread {
    func work() {}
}
