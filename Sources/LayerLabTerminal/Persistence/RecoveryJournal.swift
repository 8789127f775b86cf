#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps the session's work safe from crashes: after each completed command the document is
/// written (atomically) to a snapshot in the state folder; a clean exit removes it.
///
/// Each session holds an `flock` on its own lock file for as long as it runs. The kernel drops
/// that lock when the process dies in any way (`kill -9` included), so the next start finds
/// snapshots whose lock is free: those are the work of sessions that crashed, and `recover`
/// brings the newest one back. Several LayerLab sessions can run at once without mixing up
/// their journals.
package final class RecoveryJournal {
    package let directory: String
    /// This session's snapshot file.
    package let snapshotPath: String
    let lockPath: String
    private var lockFD: Int32
    private var lastRecorded: Data?

    static let magic = "layerlab-recovery 1"

    /// Opens a journal for this session in `directory` (created if needed).
    /// - Throws: when the folder cannot be created or written.
    package init(directory: String) throws(PersistenceError) {
        self.directory = directory
        try RecoveryJournal.makeFolder(directory)
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let id = "\(getpid())-\(ts.tv_sec)\(ts.tv_nsec)"
        snapshotPath = directory + "/session-\(id).recovery"
        lockPath = directory + "/session-\(id).lock"
        lockFD = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        if lockFD < 0 {
            throw PersistenceError(action: "save", path: lockPath, reason: ProjectStore.reason(errno, folder: directory))
        }
        _ = flock(lockFD, LOCK_EX | LOCK_NB)
    }

    deinit { if lockFD >= 0 { closeDescriptor(lockFD) } }

    /// `$XDG_STATE_HOME/layerlab`, else `~/.local/state/layerlab` (as the XDG base directory
    /// specification has it).
    package static func defaultDirectory(environment: [String: String] = ProcessEnvironment.current()) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/layerlab" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? accountHome()
        return home + "/.local/state/layerlab"
    }

    /// The user's home folder from `/etc/passwd` (when `HOME` is unset), else `/`.
    ///
    /// NB: not `getpwuid`: in the static release binary glibc would load its account modules
    /// from the shared libraries of whatever glibc the machine has, which need not match.
    private static func accountHome() -> String {
        guard let text = try? String(contentsOfFile: "/etc/passwd", encoding: .utf8) else { return "/" }
        return homeFolder(ofUser: getuid(), inPasswd: text) ?? "/"
    }

    /// The home field (the sixth) of the first `/etc/passwd` line whose user id is `uid`.
    static func homeFolder(ofUser uid: uid_t, inPasswd text: String) -> String? {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            if fields.count >= 6, UInt32(fields[2]) == UInt32(uid), !fields[5].isEmpty { return String(fields[5]) }
        }
        return nil
    }

    // MARK: - This session

    /// Records the document as it is after a completed command; does nothing when it has not
    /// changed since the last record.
    /// - Parameters:
    ///   - project: the document as project JSON.
    ///   - file: the file `save` would write, so `recover` can restore that too.
    package func record(_ project: Data, file: String?) throws(PersistenceError) {
        var content = Data((RecoveryJournal.magic + "\nfile: " + RecoveryJournal.escape(file ?? "") + "\n\n").utf8)
        content.append(project)
        if content == lastRecorded { return }
        try ProjectStore.save(content, to: snapshotPath, force: true, durable: false)
        lastRecorded = content
    }

    /// Forgets the recorded work: on a clean exit, or when the document is saved and unchanged.
    package func clear() {
        unlink(snapshotPath)
        lastRecorded = nil
    }

    /// Removes the journal entirely: the clean exit.
    package func finish() {
        clear()
        unlink(lockPath)
        if lockFD >= 0 { closeDescriptor(lockFD); lockFD = -1 }
    }

    // MARK: - Crashed sessions

    /// The work of a session that ended without a clean exit.
    package struct Orphan: Sendable, Equatable {
        package let snapshotPath: String
        /// The file the crashed session was editing, if it had one.
        package let file: String?
        /// When the last command's result was recorded.
        package let date: Date
        /// The document as project JSON.
        package let project: Data
    }

    /// Work left by crashed sessions, newest first; see `orphans(in:)`.
    package func orphans() -> [Orphan] { RecoveryJournal.orphans(in: directory) }

    /// Work left in `directory` by sessions that crashed, newest first. Running sessions (this
    /// one included: its lock is held) are skipped, as are unreadable snapshots.
    package static func orphans(in directory: String) -> [Orphan] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var out: [Orphan] = []
        for name in names where name.hasPrefix("session-") && name.hasSuffix(".lock") {
            let lock = directory + "/" + name
            let snapshot = String(lock.dropLast(5)) + ".recovery"
            guard !isHeld(lock) else { continue }
            if !FileManager.default.fileExists(atPath: snapshot) { unlink(lock) } // crashed before any change
        }
        for name in names where name.hasPrefix("session-") && name.hasSuffix(".recovery") {
            let snapshot = directory + "/" + name
            let lock = String(snapshot.dropLast(9)) + ".lock"
            guard !isHeld(lock), let orphan = readSnapshot(snapshot) else { continue }
            out.append(orphan)
        }
        return out.sorted { ($0.date, $0.snapshotPath) > ($1.date, $1.snapshotPath) }
    }

    /// Deletes a crashed session's journal, once its work is recovered or declined.
    package static func discard(_ orphan: Orphan) {
        unlink(orphan.snapshotPath)
        unlink(String(orphan.snapshotPath.dropLast(9)) + ".lock")
    }

    // MARK: - Helpers

    /// Whether a live process holds the lock file.
    static func isHeld(_ lock: String) -> Bool {
        let fd = open(lock, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { closeDescriptor(fd) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 { return true }
        flock(fd, LOCK_UN)
        return false
    }

    static func readSnapshot(_ path: String) -> Orphan? {
        guard let data = FileManager.default.contents(atPath: path),
              let split = data.firstRange(of: Data("\n\n".utf8)) else { return nil }
        let header = String(decoding: data[..<split.lowerBound], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard header.count == 2, header[0] == magic, header[1].hasPrefix("file: ") else { return nil }
        let file = unescape(String(header[1].dropFirst(6)))
        let date = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date(timeIntervalSince1970: 0)
        return Orphan(snapshotPath: path, file: file.isEmpty ? nil : file, date: date, project: Data(data[split.upperBound...]))
    }

    /// Keeps the file name on one header line.
    static func escape(_ s: String) -> String {
        s.replacing("%", with: "%25").replacing("\n", with: "%0A")
    }

    static func unescape(_ s: String) -> String {
        s.replacing("%0A", with: "\n").replacing("%25", with: "%")
    }

    /// `mkdir -p` with owner-only permissions for new folders (the journal holds user work).
    static func makeFolder(_ path: String) throws(PersistenceError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw PersistenceError(action: "save", path: path, reason: ProjectStore.reason(errno, folder: prefix))
            }
        }
        try ProjectStore.checkFolder(path, action: "save", path: path)
    }
}

/// `close(2)`, out of reach of the instance method names above.
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
