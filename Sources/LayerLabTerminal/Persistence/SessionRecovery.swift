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
package final class SessionRecovery {
    let journal: RecoveryJournal?
    /// Why the journal could not be opened, if it could not (said once, at start).
    let problem: String?

    /// - Parameter directory: the journal folder; by default `$XDG_STATE_HOME/layerlab`.
    package init(directory: String = RecoveryJournal.defaultDirectory(), clock: @escaping () -> Double = { MonotonicClock.shared.now }) {
        self.clock = clock
        do {
            journal = try RecoveryJournal(directory: directory)
            problem = nil
        } catch {
            journal = nil
            problem = "layerlab: no recovery journal this time (\(error))"
        }
    }

    /// What to tell the user at start: a crashed session left work, or the journal is off.
    package var notice: String? {
        if let problem { return problem }
        guard let newest = journal?.orphans().first else { return nil }
        let file = newest.file.map { " on \(escapeForTerminal($0))" } ?? ""
        return "layerlab: a session\(file) did not exit cleanly; 'recover' brings back its unsaved work"
    }

    /// Seconds on a monotonic clock (a parameter so tests can drive it).
    let clock: () -> Double
    /// When the journal was last brought up to date, and what that cost.
    private var lastWrite = -Double.infinity, lastCost = 0.0
    /// Journal writes so far (tests check how often a long piped script writes).
    package private(set) var writes = 0

    /// Records the session's document after a command while it has unsaved changes; once
    /// saved (or undone back to the saved state) there is nothing to lose, so the record goes.
    ///
    /// NB: a record encodes the whole project. Piped input runs thousands of commands without
    /// waiting, and recording after each would make a long script quadratic. So while more
    /// input is already there (`inputWaiting` false), the journal is brought up to date only
    /// once 10 times its last cost has passed (at most ~10 % of the time goes to it); before
    /// waiting for input, always.
    package func record(_ session: Session, inputWaiting: Bool = true) {
        guard let journal else { return }
        let start = clock()
        guard inputWaiting || start - lastWrite >= 10 * lastCost else { return }
        if session.isDirty {
            try? journal.record(ProjectFile.encode(session.document), file: session.fileName)
        } else {
            journal.clear()
        }
        writes += 1
        lastWrite = clock()
        lastCost = lastWrite - start
    }

    /// The clean exit: this session's journal is removed.
    package func finish() { journal?.finish() }
}
