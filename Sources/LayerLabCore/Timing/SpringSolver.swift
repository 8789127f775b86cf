#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped harmonic oscillator moving a value from 0 to 1, as CASpringAnimation does.
///
/// Displacement y = 1 − progress obeys m·y″ + c·y′ + k·y = 0 with y(0) = 1 and
/// y′(0) = −initialVelocity (velocity in units of the whole distance per second).
package struct SpringSolver: Hashable, Sendable {
    package var mass: Double
    package var stiffness: Double
    package var damping: Double
    package var initialVelocity: Double

    package init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        self.mass = max(mass, 1e-9); self.stiffness = max(stiffness, 1e-9)
        self.damping = max(damping, 0); self.initialVelocity = initialVelocity
    }

    /// UIKit's damping-ratio form mapped onto physics: for duration d, stiffness (2π/d)²,
    /// mass 1 and damping 4πζ/d (so ζ is the damping ratio and d the undamped period).
    package init(dampingRatio zeta: Double, initialVelocity v: Double, duration d: Double) {
        let dd = d > 0 ? d : 0.5
        let omega = 2 * Double.pi / dd
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, initialVelocity: v)
    }

    /// The physical spring behind either form of a spring animation, shared by the evaluator
    /// and the exporters. UIKit's form without a duration maps with d = 0.5 s.
    package init(_ s: Animation.Spring, duration: Double?) {
        switch s.form {
        case .physics(let m, let k, let c, let v):
            self.init(mass: m, stiffness: k, damping: c, initialVelocity: v)
        case .dampingRatio(let z, let v):
            self.init(dampingRatio: z, initialVelocity: v, duration: duration ?? 0.5)
        }
    }

    /// Progress at time t ≥ 0: 0 at the start, settling at 1; may overshoot.
    package func progress(at t: Double) -> Double {
        if t <= 0 { return 0 }
        let w0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let v0 = -initialVelocity
        let y: Double
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let a = 1.0, b = (v0 + zeta * w0 * a) / wd
            y = exp(-zeta * w0 * t) * (a * cos(wd * t) + b * sin(wd * t))
        } else if zeta == 1 {
            y = exp(-w0 * t) * (1 + (v0 + w0) * t)
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - s), r2 = -w0 * (zeta + s)
            let c2 = (v0 - r1) / (r2 - r1), c1 = 1 - c2
            y = c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 - y
    }

    /// How close to its target a spring must stay to count as settled: 1/1200 of the distance.
    /// Apple does not document CASpringAnimation's threshold, but documents two settling
    /// durations (mass 1, stiffness 100: about 2.85 s with damping 5, just over 1 s with
    /// damping 15); this threshold on the oscillation's envelope gives 2.849 s and 1.001 s.
    package static let settlingThreshold = 1.0 / 1200

    /// The longest settling duration: an undamped spring never settles.
    package static let longestSettling = 60.0

    /// CASpringAnimation's `settlingDuration`: when the spring's motion is bound to stay within
    /// `settlingThreshold` of its target. An underdamped spring oscillates inside the envelope
    /// A·e^(−ζω₀t) (A the oscillation's amplitude, from the initial displacement and velocity),
    /// so it has settled once the envelope falls to the threshold; a critically damped or
    /// overdamped one has settled after the last time it is farther away (searched on a 1 ms
    /// grid). Rounded up to the millisecond.
    package var settlingDuration: Double {
        let w0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let eps = SpringSolver.settlingThreshold
        var t: Double
        if zeta < 1 {
            guard zeta > 0 else { return SpringSolver.longestSettling }
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (-initialVelocity + zeta * w0) / wd
            let amplitude = (1 + b * b).squareRoot()
            t = max(0, log(amplitude / eps) / (zeta * w0))
        } else {
            let step = 0.001
            var lastOutside = 0.0
            var s = 0.0
            while s < SpringSolver.longestSettling {
                if abs(1 - progress(at: s)) > eps { lastOutside = s } else if s - lastOutside > 1 { break }
                s += step
            }
            t = lastOutside + step
        }
        t = min(t, SpringSolver.longestSettling)
        return (t * 1000).rounded(.up) / 1000
    }
}
