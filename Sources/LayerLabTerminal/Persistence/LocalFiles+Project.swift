#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
import LayerLabProject
import LayerLabScript

/// `save! FILE`: the same atomic save, allowed to replace a file that is not a project.
extension LocalFiles: ReplacingFileAccess {
    package func write(_ bytes: [UInt8], to path: String, replacing: Bool) throws {
        do { try ProjectStore.save(Data(bytes), to: path, force: replacing) } catch {
            throw FileProblem(text: error.why)
        }
    }
}

/// `recover`: the newest crashed session's work from the recovery journal folder
/// (`$XDG_STATE_HOME/layerlab`), removed from it once taken; the running session's own
/// journal holds it from the next command on.
extension LocalFiles: RecoverySource {
    package func takeRecoveredWork() -> (document: Document, file: String?)? {
        for orphan in RecoveryJournal.orphans(in: RecoveryJournal.defaultDirectory()) {
            guard let doc = try? ProjectFile.decode(orphan.project) else { continue }
            RecoveryJournal.discard(orphan)
            return (doc, orphan.file)
        }
        return nil
    }
}
