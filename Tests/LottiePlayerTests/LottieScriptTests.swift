import Foundation
import LayerLabCore
import LayerLabLottie
import LayerLabProject
import LayerLabScript
import Testing

/// An opened Lottie file can be saved as a `.lab` script a person reads and edits: for every
/// corpus file, the script `save x.lab` writes rebuilds the imported document exactly.
@Suite struct LottieScriptTests {
    @Test(arguments: LottieCorpus.files)
    func theScriptRebuildsTheImportedDocument(_ path: String) throws {
        let data = try Data(contentsOf: LottieCorpus.folder.appendingPathComponent(path))
        let document = try LottieImport.document(from: data).document
        let script = ScriptWriter.script(for: document, spelled: false)
        var replay = Session()
        let outcome = replay.runScript(script, name: "script")
        #expect(outcome.diagnostic == nil, "\(path): \(outcome.diagnostic.map { "\($0)" } ?? "")")
        if replay.document != document {
            let a = String(decoding: ProjectFile.encode(document), as: UTF8.self).split(separator: "\n")
            let b = String(decoding: ProjectFile.encode(replay.document), as: UTF8.self).split(separator: "\n")
            let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            let imported = String(a[min(i, a.count - 1)].prefix(300)), replayed = String(b[min(i, b.count - 1)].prefix(300))
            Issue.record("\(path): the script rebuilds a different document from line \(i + 1) of the project form:\nimported: \(imported)\nreplayed: \(replayed)")
        }
    }
}
