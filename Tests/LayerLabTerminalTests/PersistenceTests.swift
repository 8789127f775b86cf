#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LayerLabCore
import LayerLabProject
@testable import LayerLabTerminal
import TestSupport
import Testing

/// Saving never loses the old file, and a crashed session's work can be brought back.
@Suite struct PersistenceTests {
    /// A fresh folder per test, removed afterwards.
    final class Folder {
        let path: String
        init() {
            path = Scratch.folder("persistence")
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ name: String) -> String { path + "/" + name }
        var entries: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? [] }

        /// Waits (at most 5 s) until no session lock here is held. A dropped journal closes its
        /// lock at once, but tests run in parallel: a process another test is starting at that
        /// moment holds a copy of every descriptor until it runs its program (close-on-exec
        /// closes them only then), and the lock with it.
        func waitUntilNoLockIsHeld() {
            for _ in 0..<500 {
                if !entries.contains(where: { $0.hasSuffix(".lock") && RecoveryJournal.isHeld(file($0)) }) { return }
                usleep(10_000)
            }
        }
    }

    func project(_ width: Double) -> Data {
        var d = Document()
        d.canvas.size = Size(width, 100)
        return ProjectFile.encode(d)
    }

    func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    // MARK: - Saving

    /// Without `HOME` the state folder is under the account's home from `/etc/passwd`, read
    /// by LayerLab itself (the static binary cannot trust glibc's account modules).
    @Test func homeFolderComesFromThePasswdLineOfTheUser() {
        let passwd = """
            root:x:0:0:root:/root:/bin/bash
            # a comment line
            daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin
            ann:x:1000:1000:Ann,,,:/home/ann:/bin/zsh
            empty:x:1001:1001:::/bin/sh
            """
        #expect(RecoveryJournal.homeFolder(ofUser: 1000, inPasswd: passwd) == "/home/ann")
        #expect(RecoveryJournal.homeFolder(ofUser: 0, inPasswd: passwd) == "/root")
        #expect(RecoveryJournal.homeFolder(ofUser: 1001, inPasswd: passwd) == nil)
        #expect(RecoveryJournal.homeFolder(ofUser: 4242, inPasswd: passwd) == nil)
    }

    @Test func saveReplacesAtomicallyAndLeavesNoTemporaryFile() throws {
        let folder = Folder()
        let target = folder.file("a.json")
        try ProjectStore.save(project(1), to: target)
        try ProjectStore.save(project(2), to: target)
        #expect(contents(target) == project(2))
        #expect(folder.entries == ["a.json"])
        #expect(try ProjectStore.read(target) == project(2))
    }

    @Test(arguments: [ProjectStore.Step.create, .write, .sync, .rename])
    func aSaveThatFailsLeavesTheOldFileWhole(at step: ProjectStore.Step) throws {
        let folder = Folder()
        let target = folder.file("a.json")
        try ProjectStore.save(project(1), to: target)
        #expect(throws: PersistenceError.self) { try ProjectStore.save(project(2), to: target, force: false, failing: step) }
        #expect(contents(target) == project(1))
        #expect(folder.entries == ["a.json"], "the temporary file is removed")
    }

    @Test func aFailedSaveSaysWhy() {
        let folder = Folder()
        let target = folder.file("a.json")
        do {
            try ProjectStore.save(project(2), to: target, force: false, failing: .write)
            Issue.record("saved")
        } catch {
            #expect(error.description == "cannot save '\(target)': the disk is full")
        }
    }

    @Test func saveIntoAMissingFolder() {
        let folder = Folder()
        let target = folder.file("nope/a.json")
        #expect(throws: PersistenceError(action: "save", path: target, reason: .folderMissing(folder.file("nope")))) {
            try ProjectStore.save(project(1), to: target)
        }
        #expect(folder.entries == [])
    }

    /// As root, permissions do not stop writes, so a folder that refuses is one whose path
    /// runs through a regular file; the old file elsewhere must be untouched.
    @Test func saveIntoAFolderThatIsAFile() throws {
        let folder = Folder()
        try ProjectStore.save(project(1), to: folder.file("a.json"))
        let target = folder.file("a.json/b/c.json")
        do {
            try ProjectStore.save(project(2), to: target)
            Issue.record("saved")
        } catch {
            #expect(error.description == "cannot save '\(target)': '\(folder.file("a.json"))' is not a folder")
        }
        #expect(contents(folder.file("a.json")) == project(1))
    }

    /// Permissions do not stop root; kernel folders that refuse new files still do.
    @Test(.enabled(if: geteuid() == 0, "needs root"))
    func saveIntoAFolderThatRefusesRoot() throws {
        for refusing in ["/proc/layerlab-test.json", "/sys/layerlab-test.json"] {
            #expect(throws: PersistenceError.self) { try ProjectStore.save(project(2), to: refusing) }
        }
    }

    @Test(.enabled(if: geteuid() != 0, "permissions do not stop root"))
    func saveIntoAReadOnlyFolder() throws {
        let folder = Folder()
        let target = folder.file("a.json")
        try ProjectStore.save(project(1), to: target)
        chmod(folder.path, 0o555)
        defer { chmod(folder.path, 0o755) }
        do {
            try ProjectStore.save(project(2), to: target)
            Issue.record("saved")
        } catch {
            #expect(error.description == "cannot save '\(target)': permission denied in '\(folder.path)'")
        }
        #expect(contents(target) == project(1))
    }

    @Test func saveOverAFolder() throws {
        let folder = Folder()
        mkdir(folder.file("d.json"), 0o755)
        #expect(throws: PersistenceError(action: "save", path: folder.file("d.json"), reason: .isAFolder)) {
            try ProjectStore.save(project(1), to: folder.file("d.json"))
        }
    }

    @Test func overwritingAFileThatIsNotAProjectNeedsForce() throws {
        let folder = Folder()
        let script = folder.file("loader.lab")
        try Data("canvas size=100x100\n".utf8).write(to: URL(fileURLWithPath: script))
        do {
            try ProjectStore.save(project(1), to: script)
            Issue.record("saved")
        } catch {
            #expect(error.description == "cannot save '\(script)': it is not a LayerLab project; use 'save! \(script)' to replace it")
        }
        #expect(contents(script) == Data("canvas size=100x100\n".utf8))
        try ProjectStore.save(project(1), to: script, force: true)
        #expect(contents(script) == project(1))
    }

    @Test func emptyAndDamagedProjectsMayBeOverwritten() throws {
        let folder = Folder()
        let empty = folder.file("empty.json"), damaged = folder.file("damaged.json")
        _ = plainWrite(empty, Data())
        _ = plainWrite(damaged, project(1).prefix(60))
        try ProjectStore.save(project(2), to: empty)
        try ProjectStore.save(project(2), to: damaged)
        #expect(contents(empty) == project(2) && contents(damaged) == project(2))
    }

    @Test func savingThroughASymlinkKeepsTheLinkAndMode() throws {
        let folder = Folder()
        let real = folder.file("real.json"), link = folder.file("link.json")
        try ProjectStore.save(project(1), to: real)
        chmod(real, 0o640)
        symlink(real, link)
        try ProjectStore.save(project(2), to: link)
        var st = stat()
        lstat(link, &st)
        #expect(st.st_mode & S_IFMT == S_IFLNK)
        stat(real, &st)
        #expect(st.st_mode & 0o777 == 0o640)
        #expect(contents(real) == project(2))
    }

    @Test func readErrors() {
        let folder = Folder()
        #expect(throws: PersistenceError(action: "read", path: folder.file("x.json"), reason: .noSuchFile)) {
            try ProjectStore.read(folder.file("x.json"))
        }
        #expect(throws: PersistenceError(action: "read", path: folder.path, reason: .isAFolder)) {
            try ProjectStore.read(folder.path)
        }
    }

    // MARK: - Recovery journal

    @Test func defaultDirectoryFollowsXDG() {
        #expect(RecoveryJournal.defaultDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/layerlab")
        #expect(RecoveryJournal.defaultDirectory(environment: ["HOME": "/h"]) == "/h/.local/state/layerlab")
        #expect(RecoveryJournal.defaultDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/layerlab")
    }

    @Test func aCleanExitLeavesNothingToRecover() throws {
        let folder = Folder()
        let dir = folder.file("state/layerlab")
        let journal = try RecoveryJournal(directory: dir)
        try journal.record(project(1), file: "a.json")
        journal.finish()
        #expect(try RecoveryJournal(directory: dir).orphans() == [])
    }

    @Test func aRunningSessionIsNotAnOrphan() throws {
        let folder = Folder()
        let running = try RecoveryJournal(directory: folder.path)
        try running.record(project(1), file: nil)
        let next = try RecoveryJournal(directory: folder.path)
        #expect(next.orphans() == [])
        #expect(running.orphans() == [], "a session does not recover its own work")
        running.finish()
    }

    /// A crash leaves the snapshot and releases the lock (the kernel closes the descriptor);
    /// dropping the journal without `finish()` does exactly that.
    @Test func workOfACrashedSessionIsRecovered() throws {
        let folder = Folder()
        do {
            let crashed = try RecoveryJournal(directory: folder.path)
            try crashed.record(project(1), file: "/work/a.json")
            try crashed.record(project(2), file: "/work/a\nb%.json")
        }
        folder.waitUntilNoLockIsHeld()
        let next = try RecoveryJournal(directory: folder.path)
        let orphans = next.orphans()
        try #require(orphans.count == 1)
        #expect(orphans[0].project == project(2), "the state after the last completed command")
        #expect(orphans[0].file == "/work/a\nb%.json")
        #expect(try ProjectFile.decode(orphans[0].project).canvas.size == Size(2, 100))
        RecoveryJournal.discard(orphans[0])
        #expect(next.orphans() == [])
        next.finish()
        #expect(folder.entries == [])
    }

    @Test func aSessionThatCrashedBeforeChangingAnythingLeavesNothing() throws {
        let folder = Folder()
        do { _ = try RecoveryJournal(directory: folder.path) }
        folder.waitUntilNoLockIsHeld()
        let next = try RecoveryJournal(directory: folder.path)
        #expect(next.orphans() == [])
        next.finish()
        #expect(folder.entries == [])
    }

    @Test func theNewestCrashComesFirst() throws {
        let folder = Folder()
        for n in 1...2 {
            let j = try RecoveryJournal(directory: folder.path)
            try j.record(project(Double(n)), file: nil)
            let date = Date(timeIntervalSince1970: 1_000_000 * Double(n))
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: j.snapshotPath)
        }
        folder.waitUntilNoLockIsHeld()
        let next = try RecoveryJournal(directory: folder.path)
        #expect(next.orphans().map(\.project) == [project(2), project(1)])
    }

    /// The lock is the kernel's: a process holding it and killed with SIGKILL frees it.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"), "no /usr/bin/flock"))
    func aKilledProcessReleasesItsLock() throws {
        let folder = Folder()
        let lock = folder.file("session-1.lock")
        _ = plainWrite(lock, Data())
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["--no-fork", lock, "sleep", "30"]
        try holder.run()
        var waited = 0
        while !RecoveryJournal.isHeld(lock), waited < 200 { usleep(10_000); waited += 1 }
        #expect(RecoveryJournal.isHeld(lock))
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        #expect(!RecoveryJournal.isHeld(lock))
    }

    // MARK: - The whole program

    /// The `layerlab` executable next to the test bundle, if it is built.
    static let binary: String? = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        var dir = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        while let slash = dir.lastIndex(of: "/") {
            dir = String(dir[..<slash])
            if access(dir + "/layerlab", X_OK) == 0 { return dir + "/layerlab" }
            if dir.hasSuffix("/debug") || dir.hasSuffix("/release") { return nil }
        }
        return nil
    }()

    func start(_ state: String, stdin: Pipe) throws -> (Process, Pipe, Pipe) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try #require(PersistenceTests.binary, "layerlab is built"))
        p.environment = ["HOME": state, "XDG_STATE_HOME": state, "PATH": "/usr/bin:/bin", "TERM": "dumb"]
        p.currentDirectoryURL = URL(fileURLWithPath: state)
        let out = Pipe(), err = Pipe()
        p.standardInput = stdin; p.standardOutput = out; p.standardError = err
        try p.run()
        return (p, out, err)
    }

    /// A session killed with SIGKILL in the middle of its work; the next start says so and
    /// `recover` brings back the document as it was after the last completed command.
    @Test(.enabled(if: PersistenceTests.binary != nil, "the layerlab executable is not built"))
    func aKilledSessionIsRecoveredByTheNextStart() throws {
        let folder = Folder()
        let input = Pipe()
        let (first, _, _) = try start(folder.path, stdin: input)
        input.fileHandleForWriting.write(Data("layer box\nshape ring path=circle(0, 0, 10)\n".utf8))
        // Wait until the second command's result is in the journal, then kill.
        var waited = 0
        func journalHasRing() -> Bool {
            let dir = folder.file("layerlab")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            return names.contains { $0.hasSuffix(".recovery") && (contents(dir + "/" + $0).map { String(decoding: $0, as: UTF8.self).contains("\"ring\"") } ?? false) }
        }
        while !journalHasRing(), waited < 500 { usleep(10_000); waited += 1 }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        #expect(first.terminationReason == .uncaughtSignal)

        let again = Pipe()
        let (second, out, err) = try start(folder.path, stdin: again)
        again.fileHandleForWriting.write(Data("recover\nsave work.json\n".utf8))
        try again.fileHandleForWriting.close()
        second.waitUntilExit()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr == "layerlab: a session did not exit cleanly; 'recover' brings back its unsaved work\n")
        #expect(stdout.hasPrefix("recovered the work of a session that did not exit cleanly"))
        let doc = try ProjectFile.decode(try #require(contents(folder.file("work.json"))))
        #expect(doc.layers.map(\.name) == ["box", "ring"])
        #expect(second.terminationStatus == 0)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.file("layerlab")))?.isEmpty == true,
                "a clean exit leaves no journal behind")
    }
}
