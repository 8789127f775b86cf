import LayerLabCore

/// The playhead of `play`: scene time as a function of a monotonic clock, and the controls.
///
/// Time is always computed from the clock (`anchorTime + (now - anchorClock) × speed`), never
/// accumulated frame by frame, so slow or dropped frames never slow playback down. Every
/// control re-anchors at the current instant, so pausing, speed changes and steps never jump.
/// Pure: `now` is a parameter (seconds on any monotonic clock), so tests drive it by hand.
package struct PlaybackState: Equatable, Sendable {
    /// The played range of scene time; `to` may equal `from` (a still scene).
    package let from: Double
    package let to: Double
    /// Frames a second: the pace of redraws and the size of a step.
    package let fps: Double
    package private(set) var speed: Double
    package private(set) var loop: Bool
    package private(set) var paused = false
    private var anchorTime: Double
    private var anchorClock: Double

    /// Speeds `+` and `-` move between.
    package static let speeds: [Double] = [0.125, 0.25, 0.5, 1, 2, 4, 8]

    package init(from: Double, to: Double, fps: Double = 30, speed: Double = 1, loop: Bool = false, now: Double) {
        let f = from.isFinite ? max(0, from) : 0
        self.from = f
        self.to = to.isFinite ? max(f, to) : f + 4
        self.fps = fps.isFinite && fps > 0 ? min(fps, 120) : 30
        // The range `play speed=` and `--speed` accept, honoured as given (it once stopped at 64×
        // without a word while the status line showed the cap).
        let fastest = Limits.playSpeeds.upperBound ?? 1000
        self.speed = speed.isFinite && speed > 0 ? min(speed, fastest) : 1
        self.loop = loop
        anchorTime = f
        anchorClock = now
    }

    package var length: Double { to - from }

    /// The scene time shown at `now`: wrapped into the range when looping (a pause at the
    /// very end, from End, shows the last frame), else held at the end.
    package func time(at now: Double) -> Double {
        let raw = paused ? anchorTime : anchorTime + (now - anchorClock) * speed
        guard length > 0 else { return from }
        if loop && raw >= to && !paused {
            let r = (raw - from).truncatingRemainder(dividingBy: length)
            return from + r
        }
        return min(max(raw, from), to)
    }

    /// Playing (not paused, not looping) has reached the end.
    package func isFinished(at now: Double) -> Bool {
        !paused && !loop && anchorTime + (now - anchorClock) * speed >= to
    }

    /// Fraction of the range shown, 0…1, for the progress bar.
    package func progress(at now: Double) -> Double {
        length > 0 ? (time(at: now) - from) / length : 1
    }

    // MARK: - Controls

    private mutating func anchor(_ time: Double, _ now: Double) {
        anchorTime = time
        anchorClock = now
    }

    /// Space: pause, or resume from where it stopped (from the start if it had ended).
    package mutating func togglePause(now: Double) {
        let t = time(at: now)
        paused.toggle()
        anchor(!paused && t >= to && !loop ? from : t, now)
    }

    /// ← and →: pause and move by whole frames (backwards too: every frame is evaluated from
    /// the model, so there is nothing to replay).
    package mutating func step(_ frames: Int, now: Double) {
        let t = time(at: now) + Double(frames) / fps
        paused = true
        if loop && length > 0 {
            var r = (t - from).truncatingRemainder(dividingBy: length)
            if r < 0 { r += length }
            anchor(from + r, now)
        } else {
            anchor(min(max(t, from), to), now)
        }
    }

    /// `+` / `-`: the next speed up or down.
    package mutating func changeSpeed(faster: Bool, now: Double) {
        let t = time(at: now)
        let speeds = PlaybackState.speeds
        if faster {
            speed = speeds.first { $0 > speed + 1e-9 } ?? speed
        } else {
            speed = speeds.last { $0 < speed - 1e-9 } ?? speed
        }
        anchor(t, now)
    }

    /// `r`: back to the start, playing.
    package mutating func restart(now: Double) {
        paused = false
        anchor(from, now)
    }

    /// Home: back to the start, playing or paused as before.
    package mutating func jumpToStart(now: Double) {
        anchor(from, now)
    }

    /// End: to the last frame, paused there (playing on would end playback at once).
    package mutating func jumpToEnd(now: Double) {
        paused = true
        anchor(to, now)
    }

    /// `l`: loop on or off.
    package mutating func toggleLoop(now: Double) {
        let t = time(at: now)
        loop.toggle()
        anchor(t, now)
    }
}
