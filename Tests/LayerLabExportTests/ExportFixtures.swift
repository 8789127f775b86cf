import Foundation
import LayerLabCore
import LayerLabScript

/// Documents for the export tests, built through the command language as users build them.
enum ExportFixtures {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The document a script builds; records a failure text when the script fails.
    static func document(_ text: String, name: String = "test.lab") -> Document {
        var session = Session()
        let outcome = session.runScript(text, name: name)
        precondition(outcome.diagnostic == nil, "\(name): \(outcome.diagnostic.map { "\($0)" } ?? "")")
        return session.document
    }

    /// The document of an example script under `examples/`.
    static func example(_ path: String) throws -> Document {
        let text = try String(contentsOf: repository.appendingPathComponent("examples/" + path), encoding: .utf8)
        return document(text, name: path)
    }

    /// Every example script's path under `examples/` (text art aside).
    static var examplePaths: [String] {
        let basics = (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("examples/basics").path)) ?? []
        return ["loading-s.lab", "circular-loader.lab", "parallax-walk.lab", "replicator-spinner.lab", "shimmer.lab", "card-flip.lab",
                "confetti.lab", "counter.lab"]
            + basics.filter { $0.hasSuffix(".lab") }.sorted().map { "basics/" + $0 }
    }
}
