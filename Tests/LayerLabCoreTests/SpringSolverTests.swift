import Testing
@testable import LayerLabCore

struct SpringSolverTests {
    @Test func settlesToTarget() {
        let s = SpringSolver(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        #expect(s.progress(at: 0) == 0)
        #expect(abs(s.progress(at: 5) - 1) < 1e-3)
        let settle = s.settlingDuration
        #expect(settle > 0.5 && settle < 2)
        for t in stride(from: settle, through: settle + 2, by: 0.01) {
            #expect(abs(s.progress(at: t) - 1) <= 0.0011)
        }
    }

    @Test func underdampedOvershoots() {
        let s = SpringSolver(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0)
        let peak = stride(from: 0.0, through: 2, by: 0.001).map(s.progress).max()!
        #expect(peak > 1.05)
    }

    @Test func criticallyDampedDoesNotOvershoot() {
        let s = SpringSolver(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
        let peak = stride(from: 0.0, through: 3, by: 0.001).map(s.progress).max()!
        #expect(peak <= 1 + 1e-9)
    }

    /// The "S" label of the loading animation (docs/seed-timelines.md): d 0.4, ζ 0.7, v0 0.1.
    /// With stiffness (2π/d)² and ζ the damping ratio, the first peak comes at π/ω_d ≈ 0.28 s
    /// with the textbook overshoot exp(−ζπ/√(1−ζ²)) ≈ 4.6%.
    @Test func uikitFormMatchesWorkedNumbers() {
        let s = SpringSolver(dampingRatio: 0.7, initialVelocity: 0.1, duration: 0.4)
        var peakT = 0.0, peak = 0.0
        for t in stride(from: 0.0, through: 0.4, by: 0.001) where s.progress(at: t) > peak {
            peak = s.progress(at: t); peakT = t
        }
        #expect(abs(peak - 1.046) < 0.004)
        #expect(abs(peakT - 0.28) < 0.02)
        #expect(abs(s.progress(at: 0.4) - 1.0144) < 0.003)
    }
}

/// CASpringAnimation's settling duration against the figures Apple documents for its own
/// example (mass 1, stiffness 100, moving position.x from 0 to 640).
struct SettlingDurationTests {
    @Test func matchesApplesDocumentedFigures() {
        let bouncy = SpringSolver(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0)
        #expect(abs(bouncy.settlingDuration - 2.85) < 0.01, "about 2.85 s: \(bouncy.settlingDuration)")
        let firm = SpringSolver(mass: 1, stiffness: 100, damping: 15, initialVelocity: 0)
        #expect(firm.settlingDuration > 1 && firm.settlingDuration < 1.05, "just over 1 s: \(firm.settlingDuration)")
    }

    /// After its settling duration a spring stays within the threshold of its target.
    @Test(arguments: [(1.0, 100.0, 5.0, 0.0), (1, 100, 10, 0), (2, 300, 8, -4), (1, 100, 20, 0), (1, 100, 40, 3),
                      (0.5, 50, 1, 10)])
    func staysSettled(_ p: (Double, Double, Double, Double)) {
        let s = SpringSolver(mass: p.0, stiffness: p.1, damping: p.2, initialVelocity: p.3)
        let settle = s.settlingDuration
        #expect(settle > 0 && settle < SpringSolver.longestSettling)
        for t in stride(from: settle, through: settle + 3, by: 0.001) {
            #expect(abs(s.progress(at: t) - 1) <= SpringSolver.settlingThreshold, "t=\(t)")
        }
    }

    @Test func undampedNeverSettles() {
        #expect(SpringSolver(mass: 1, stiffness: 100, damping: 0, initialVelocity: 0).settlingDuration
                == SpringSolver.longestSettling)
    }
}
