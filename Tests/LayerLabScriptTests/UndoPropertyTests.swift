import Testing
import TestSupport
import LayerLabCore
@testable import LayerLabScript

/// Model-based undo tests: random command sequences through the session, checked against the
/// list of documents seen after each successful command.
@Suite struct UndoPropertyTests {
    static var seeds: [UInt64] {
        if let s = Environment.seed { return [s] }
        return (1...12).map { UInt64($0) &* 0x1234_5678_9ABC }
    }

    /// Commands that are usually valid, sometimes not (names that may not exist, duplicates).
    static func randomCommand(_ rng: inout SplitMix64, _ doc: Document) -> String {
        let layers = doc.allLayers.map(\.layer.name)
        let anims = doc.animations.map(\.name)
        func pick(_ xs: [String], _ fallback: String) -> String { xs.isEmpty ? fallback : xs[Int(rng.next() % UInt64(xs.count))] }
        let n = Int(rng.next() % 1000)
        let layer = pick(layers, "l0")
        switch rng.next() % 12 {
        case 0, 1: return "\(["layer", "shape", "text"][Int(rng.next() % 3)]) l\(n % 20)" + (layers.isEmpty || n % 2 == 0 ? "" : " in \(layer)")
        case 2: return "set \(layer) opacity=\(Double(n % 10) / 10) position=(\(n), \(n % 7))"
        case 3: return "set \(layer).position.x = \(n)"
        case 4: return "animate \(layer) opacity to=\(Double(n % 10) / 10) duration=\(1 + n % 3)"
        case 5: return "animate \(layer) position.y to=\(n) beginTime=\(pick(anims, "nope")).end"
        case 6: return "delete \(pick(layers + anims, "nothing"))"
        case 7: return "rename \(layer) r\(n % 30)"
        case 8: return "move \(layer) in \(pick(layers, "l1"))"
        case 9: return "set \(pick(anims, "nope")) duration=\(1 + n % 4) fillMode=forwards"
        case 10: return "at \(Double(n % 30) / 10) set \(layer) hidden=\(n % 2 == 0)"
        default: return "path p\(n % 5) = rect(0, 0, \(n % 9 + 1), 2)"
        }
    }

    @Test(arguments: seeds)
    func undoAllGivesTheEmptyDocumentAndRedoAllGivesItBack(_ seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var s = Session.test()
        var states = [s.document]
        var log: [String] = []
        for _ in 0..<60 {
            let cmd = UndoPropertyTests.randomCommand(&rng, s.document)
            let before = s.history
            let outcome = s.run(cmd, name: "<random>")
            log.append((outcome.diagnostic == nil ? "  ok  " : "  err ") + cmd)
            if outcome.diagnostic != nil {
                #expect(s.history == before, "failed command left a step; seed \(seed)\n\(log.joined(separator: "\n"))")
            } else if s.document != states.last {
                states.append(s.document)
            }
        }
        let final = s.document
        _ = s.run("undo \(states.count + 5)", name: "<random>")
        #expect(s.document == Document(), "undo all did not empty the document; LAYERLAB_SEED=\(seed)\n\(log.joined(separator: "\n"))")
        // Step by step back up: every intermediate state comes back in order.
        for expected in states.dropFirst() {
            _ = s.run("redo", name: "<random>")
            #expect(s.document == expected, "redo diverged; LAYERLAB_SEED=\(seed)\n\(log.joined(separator: "\n"))")
        }
        #expect(s.document == final)
    }
}

enum Environment {
    /// `LAYERLAB_SEED=N` replays one run.
    static var seed: UInt64? {
        guard let p = getenv("LAYERLAB_SEED") else { return nil }
        return UInt64(String(cString: p))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
