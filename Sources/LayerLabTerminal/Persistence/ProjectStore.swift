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
#if os(Linux)
import CSystem
#endif
import LayerLabProject
import LayerLabScript

/// Saves project files so that a failed or interrupted save never costs the old file.
///
/// A save writes a temporary file in the target's folder, flushes it to disk, renames it over
/// the target (atomic within one file system) and flushes the folder so the rename itself
/// survives a power cut. On any failure the temporary file is removed and the old file is
/// untouched; the error says why (missing folder, read-only folder, full disk, …).
package enum ProjectStore {
    /// Steps a test can make fail, to check that the old file survives each of them.
    enum Step: Sendable { case create, write, sync, rename }

    /// Writes `data` to `path` atomically.
    /// - Parameter force: replace an existing file even when it is not a LayerLab project
    ///   (`save! FILE`); without it such a file is refused, so a typo cannot destroy a script.
    /// - Parameter durable: flush to disk (the default). The recovery journal passes false: it
    ///   only has to survive the process dying, which the rename alone guarantees, and a flush
    ///   per command would slow piped scripts down. Exports other than scripts pass false
    ///   too: a picture or code is made again from the document.
    /// - Parameter kind: what is written; an existing file of another kind needs `force`.
    package static func save(_ data: Data, to path: String, kind: FileKind = .project, force: Bool = false,
                            durable: Bool = true) throws(PersistenceError) {
        try save(data, to: path, kind: kind, force: force, durable: durable, failing: nil)
    }

    static func save(_ data: Data, to path: String, kind: FileKind = .project, force: Bool, durable: Bool = true,
                     failing: Step?) throws(PersistenceError) {
        do {
            try save(to: path, kind: kind, force: force, durable: durable, failing: failing) { fd in
                if failing == .write {
                    _ = data.prefix(data.count / 2).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    throw WriteFailure(code: ENOSPC)
                }
                try data.withUnsafeBytes { try writeAll(fd, $0) }
            }
        } catch let e as PersistenceError {
            throw e
        } catch {
            throw PersistenceError(action: "save", path: path, reason: .system("\(error)"))
        }
    }

    /// A failed `write` to the temporary file, by errno.
    package struct WriteFailure: Error { package var code: Int32 }

    /// Writes all of `bytes` to `fd`, retrying after signals; throws `WriteFailure`.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw WriteFailure(code: errno)
            }
            offset += n
        }
    }

    /// Saves what `contents` writes to the file descriptor it is given, atomically as
    /// `save(_:to:)` does: a long export streams into the temporary file, and an error thrown
    /// by `contents` (a cancelled export, an encoding failure) removes it and is rethrown;
    /// a `WriteFailure` becomes the matching `PersistenceError`.
    package static func save(to path: String, kind: FileKind = .project, force: Bool = false, durable: Bool = true,
                            contents: (Int32) throws -> Void) throws {
        try save(to: path, kind: kind, force: force, durable: durable, failing: nil, contents: contents)
    }

    static func save(to path: String, kind: FileKind = .project, force: Bool, durable: Bool, failing: Step?,
                     contents: (Int32) throws -> Void) throws {
        func fail(_ reason: PersistenceError.Reason) -> PersistenceError {
            PersistenceError(action: "save", path: path, reason: reason)
        }
        let target = resolvedTarget(path)
        let folder = folderOf(target)
        try checkFolder(folder, action: "save", path: path)

        let mode = try checkReplaceable(path, kind: kind, force: force)

        removeStaleTemporaries(in: folder)
        // The pid in the name tells a live save from one a SIGKILL interrupted.
        // Created under its guard (a signal between creation and guard would leave it behind).
        let template = folder + "/." + baseName(target) + ".saving-\(getpid())-XXXXXX"
        let (guardTemp, created, temp) = failing == .create ? (TempFileGuard(template), -1, template) : TempFileGuard.create(template: template)
        defer { guardTemp.release() }
        let fd = created
        if fd < 0 {
            // ENOENT in a folder that exists: a kernel folder (/proc) that takes no new files.
            let code = failing == .create ? EROFS : errno
            throw fail(reason(code == ENOENT ? EROFS : code, folder: folder))
        }
        var closed = false
        func abandon(_ code: Int32) -> PersistenceError {
            if !closed { close(fd) }
            unlink(temp)
            return fail(reason(code, folder: folder))
        }

        do {
            try contents(fd)
        } catch let e as WriteFailure {
            throw abandon(e.code)
        } catch {
            if !closed { close(fd) }
            unlink(temp)
            throw error
        }
        fchmod(fd, mode)
        if failing == .sync { throw abandon(EIO) }
        if durable, fsync(fd) != 0 { throw abandon(errno) }
        closed = true
        if close(fd) != 0 { throw abandon(errno) }
        if failing == .rename { throw abandon(EACCES) }
        if st_nlink(of: target) > 1 {
            // Other hard links share this file: a rename would leave them on the old content,
            // so the complete copy is written into the file itself, then the copy removed.
            let code = copyInPlace(from: temp, to: target, durable: durable)
            unlink(temp)
            if code != 0 { throw fail(reason(code, folder: folder)) }
            return
        }
        if !durable && exchange(temp, target) {
            // The old file now has the temporary name; a signal before this leaves it to the guard.
            unlink(temp)
            return
        }
        if rename(temp, target) != 0 { throw abandon(errno) }
        if durable { syncFolder(folder) }
    }

    /// Swaps the names of `temp` and an existing `target` in one step (Linux's
    /// `renameat2(RENAME_EXCHANGE)`); false when there is no target or the file system cannot.
    ///
    /// Why exports replace a file this way: renaming over an existing file makes ext4 write the
    /// new file's blocks out first (its guard for programs that skip `fsync`), and on a file
    /// system mounted with `discard` freeing the replaced file's just-written blocks then waits
    /// for the disk. Re-exporting a frame spent 0.2–1.4 ms there, up to a quarter of a whole export.
    /// An export is not made durable (`durable: false`: no `fsync` either), so its blocks may
    /// stay unwritten until the kernel writes them; a save that must survive a crash (projects,
    /// scripts) flushes and renames.
    static func exchange(_ temp: String, _ target: String) -> Bool {
#if os(Linux)
        return renameat2(AT_FDCWD, temp, AT_FDCWD, target, UInt32(LAYERLAB_RENAME_EXCHANGE)) == 0
#else
        return false
#endif
    }

    /// The number of hard links of a regular file (0 when missing or not a regular file).
    static func st_nlink(of path: String) -> Int {
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return 0 }
        return Int(st.st_nlink)
    }

    /// Copies `source` over the contents of `target` (same inode); an errno, or 0.
    static func copyInPlace(from source: String, to target: String, durable: Bool) -> Int32 {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return errno }
        defer { close(input) }
        let output = open(target, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard output >= 0 else { return errno }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { let e = errno; close(output); return e }
            if n == 0 { break }
            var offset = 0
            while offset < n {
                let w = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, n - offset) }
                if w < 0 && errno == EINTR { continue }
                if w < 0 { let e = errno; close(output); return e }
                offset += w
            }
        }
        if durable, fsync(output) != 0 { let e = errno; close(output); return e }
        return close(output) == 0 ? 0 : errno
    }

    /// Removes temporary files that an interrupted save left in `folder`: those whose process
    /// is gone (`.NAME.saving-PID-XXXXXX`), and old-style ones (`.NAME.saving-XXXXXX`) over ten
    /// minutes old. A save in progress in another live process is left alone.
    static func removeStaleTemporaries(in folder: String) {
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let marker = Array(".saving-".utf8)
        while let entry = readdir(dir) {
            // Most names do not start with a dot, and few hold the marker: both are checked on
            // the bytes before a string is made (a folder may hold thousands of names).
            guard entry.pointee.d_name.0 == CChar(UInt8(ascii: ".")) else { continue }
            let found: (name: String, tail: Int)? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.prefix { $0 != 0 }
                guard bytes.count > marker.count else { return nil }
                var at = bytes.count - marker.count
                while at >= 0, !bytes[at..<(at + marker.count)].elementsEqual(marker) { at -= 1 }
                guard at >= 0 else { return nil }
                return (String(decoding: bytes, as: UTF8.self), at + marker.count)
            }
            guard let (name, tailStart) = found else { continue }
            let tail = Substring(name.utf8.dropFirst(tailStart))
            let path = folder + "/" + name
            let parts = tail.split(separator: "-")
            if parts.count == 2, let pid = Int32(parts[0]), parts[1].count == 6 {
                if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { unlink(path) }
            } else if parts.count == 1, tail.count == 6 {
                var st = stat()
                if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, now.tv_sec - st.st_mtim.tv_sec > 600 {
                    unlink(path)
                }
            }
        }
    }

    /// Whether `path` may be written as `kind`: refuses a folder, and (without `force`) an
    /// existing file that is not of the kind or not a regular file. Returns the mode the new
    /// file gets (the old file's, else 0644).
    @discardableResult
    package static func checkReplaceable(_ path: String, kind: FileKind, force: Bool) throws(PersistenceError) -> mode_t {
        let target = resolvedTarget(path)
        var st = stat()
        guard stat(target, &st) == 0 else { return 0o644 }
        if st.st_mode & S_IFMT == S_IFDIR { throw PersistenceError(action: "save", path: path, reason: .isAFolder) }
        // NB: only the first bytes are read: enough to tell the kind, and a huge file costs
        // nothing. Devices and pipes are never replaced by a rename without `force`.
        let regular = st.st_mode & S_IFMT == S_IFREG
        if !force, !regular || (st.st_size > 0 && !(FileKind.head(of: target).map(kind.recognizes) ?? false)) {
            throw PersistenceError(action: "save", path: path, reason: kind == .project ? .notAProject : .notKind(kind))
        }
        return st.st_mode & 0o7777
    }

    /// Reads a whole file.
    package static func read(_ path: String) throws(PersistenceError) -> Data {
        var st = stat()
        if stat(path, &st) != 0 {
            let code = errno
            if code == ENOENT { throw PersistenceError(action: "read", path: path, reason: .noSuchFile) }
            throw PersistenceError(action: "read", path: path, reason: reason(code, folder: folderOf(path)))
        }
        if st.st_mode & S_IFMT == S_IFDIR { throw PersistenceError(action: "read", path: path, reason: .isAFolder) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PersistenceError(action: "read", path: path, reason: .permissionDenied(folderOf(path)))
        }
        return data
    }

    // MARK: - Helpers

    /// Saving through a symbolic link replaces the file it points to, not the link; a link to
    /// a file that does not exist yet (a dangling link) creates that file. Chains are followed
    /// up to 40 links, as the kernel does.
    static func resolvedTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let destination = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : folderOf(current) + "/" + destination
        }
        return current
    }

    static func folderOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    static func baseName(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// Refuses a folder that is missing or is a file, naming the first component at fault.
    static func checkFolder(_ folder: String, action: String, path: String) throws(PersistenceError) {
        var st = stat()
        if stat(folder, &st) == 0 {
            if st.st_mode & S_IFMT != S_IFDIR { throw PersistenceError(action: action, path: path, reason: .notAFolder(folder)) }
            return
        }
        let code = errno
        if code == ENOTDIR {
            // Find the component that is a file, to say which one.
            var prefix = folder.hasPrefix("/") ? "" : "."
            for part in folder.split(separator: "/") {
                prefix = prefix.isEmpty ? "/" + part : (prefix == "." ? String(part) : prefix + "/" + part)
                if stat(prefix, &st) == 0, st.st_mode & S_IFMT != S_IFDIR {
                    throw PersistenceError(action: action, path: path, reason: .notAFolder(prefix))
                }
            }
            throw PersistenceError(action: action, path: path, reason: .notAFolder(folder))
        }
        throw PersistenceError(action: action, path: path, reason: code == ENOENT ? .folderMissing(folder) : reason(code, folder: folder))
    }

    /// Flushes the folder entry of a rename; some file systems refuse, which is harmless.
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    static func reason(_ code: Int32, folder: String) -> PersistenceError.Reason {
        switch code {
        case EROFS: return .readOnly(folder)
        case EACCES, EPERM: return .permissionDenied(folder)
        case ENOSPC, EDQUOT, EFBIG: return .diskFull
        case ENOENT: return .folderMissing(folder)
        case ENOTDIR: return .notAFolder(folder)
        case EISDIR: return .isAFolder
        default: return .system(String(cString: strerror(code)))
        }
    }
}
