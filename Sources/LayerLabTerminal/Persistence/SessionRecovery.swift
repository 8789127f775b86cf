#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
import LayerLabProject
import LayerLabScript

/// The REPL's side of the recovery journal: what to say at start, what to record after each
/// command, and the clean exit.
///
///     let recovery = SessionRecovery()
///     if let notice = recovery.notice { io.err(notice) }
///     let outcome = session.handle(line)
///     recovery.record(session)
///     …
///     recovery.finish()   // only on a clean exit
///
/// `recover` itself goes through `LocalFiles` (a `RecoverySource`), which reads the same folder.
public final class SessionRecovery {
    let journal: RecoveryJournal?
    /// Why the journal could not be opened, if it could not (said once, at start).
    let problem: String?

    /// - Parameter directory: the journal folder; by default `$XDG_STATE_HOME/layerlab`.
    public init(directory: String = RecoveryJournal.defaultDirectory()) {
        do {
            journal = try RecoveryJournal(directory: directory)
            problem = nil
        } catch {
            journal = nil
            problem = "layerlab: no recovery journal this time (\(error))"
        }
    }

    /// What to tell the user at start: a crashed session left work, or the journal is off.
    public var notice: String? {
        if let problem { return problem }
        guard let newest = journal?.orphans().first else { return nil }
        let file = newest.file.map { " on \(escapeForTerminal($0))" } ?? ""
        return "layerlab: a session\(file) did not exit cleanly; 'recover' brings back its unsaved work"
    }

    /// Records the session's document after a command while it has unsaved changes; once
    /// saved (or undone back to the saved state) there is nothing to lose, so the record goes.
    public func record(_ session: Session) {
        guard let journal else { return }
        if session.isDirty {
            try? journal.record(ProjectFile.encode(session.document), file: session.fileName)
        } else {
            journal.clear()
        }
    }

    /// The clean exit: this session's journal is removed.
    public func finish() { journal?.finish() }
}
