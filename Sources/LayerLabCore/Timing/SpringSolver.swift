#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped harmonic oscillator moving a value from 0 to 1, as CASpringAnimation does.
///
/// Displacement y = 1 − progress obeys m·y″ + c·y′ + k·y = 0 with y(0) = 1 and
/// y′(0) = −initialVelocity (velocity in units of the whole distance per second).
public struct SpringSolver: Hashable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double

    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        self.mass = max(mass, 1e-9); self.stiffness = max(stiffness, 1e-9)
        self.damping = max(damping, 0); self.initialVelocity = initialVelocity
    }

    /// UIKit's damping-ratio form mapped onto physics: for duration d, stiffness (2π/d)²,
    /// mass 1 and damping 4πζ/d (so ζ is the damping ratio and d the undamped period).
    public init(dampingRatio zeta: Double, initialVelocity v: Double, duration d: Double) {
        let dd = d > 0 ? d : 0.5
        let omega = 2 * Double.pi / dd
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, initialVelocity: v)
    }

    /// Progress at time t ≥ 0: 0 at the start, settling at 1; may overshoot.
    public func progress(at t: Double) -> Double {
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

    /// The time after which the spring stays within 0.1% of its target: CASpringAnimation's
    /// `settlingDuration` in spirit (Apple does not document its threshold). Searched on a
    /// 1 ms grid up to 60 s.
    public var settlingDuration: Double {
        let step = 0.001
        var lastOutside = 0.0
        var t = 0.0
        while t < 60 {
            if abs(1 - progress(at: t)) > 0.001 { lastOutside = t }
            else if t - lastOutside > 1 && t > 0.05 { break }
            t += step
        }
        return ((lastOutside + step) * 1000).rounded(.up) / 1000
    }
}
