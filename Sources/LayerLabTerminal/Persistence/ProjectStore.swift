#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LayerLabProject
import LayerLabScript

/// Saves project files so that a failed or interrupted save never costs the old file.
///
/// A save writes a temporary file in the target's folder, flushes it to disk, renames it over
/// the target (atomic within one file system) and flushes the folder so the rename itself
/// survives a power cut. On any failure the temporary file is removed and the old file is
/// untouched; the error says why (missing folder, read-only folder, full disk, …).
public enum ProjectStore {
    /// Steps a test can make fail, to check that the old file survives each of them.
    enum Step: Sendable { case create, write, sync, rename }

    /// Writes `data` to `path` atomically.
    /// - Parameter force: replace an existing file even when it is not a LayerLab project
    ///   (`save! FILE`); without it such a file is refused, so a typo cannot destroy a script.
    /// - Parameter durable: flush to disk (the default). The recovery journal passes false: it
    ///   only has to survive the process dying, which the rename alone guarantees, and a flush
    ///   per command would slow piped scripts down.
    public static func save(_ data: Data, to path: String, force: Bool = false, durable: Bool = true) throws(PersistenceError) {
        try save(data, to: path, force: force, durable: durable, failing: nil)
    }

    static func save(_ data: Data, to path: String, force: Bool, durable: Bool = true, failing: Step?) throws(PersistenceError) {
        func fail(_ reason: PersistenceError.Reason) -> PersistenceError {
            PersistenceError(action: "save", path: path, reason: reason)
        }
        let target = resolvedTarget(path)
        let folder = folderOf(target)
        try checkFolder(folder, action: "save", path: path)

        var mode: mode_t = 0o644
        var st = stat()
        if stat(target, &st) == 0 {
            if st.st_mode & S_IFMT == S_IFDIR { throw fail(.isAFolder) }
            mode = st.st_mode & 0o7777
            if !force, st.st_mode & S_IFMT == S_IFREG, st.st_size > 0,
               let old = try? Data(contentsOf: URL(fileURLWithPath: target)),
               !ProjectFile.isProject(old), !ScriptWriter.isSavedScript(old) {
                throw fail(.notAProject)
            }
        }

        var template = Array((folder + "/." + baseName(target) + ".saving-XXXXXX").utf8CString)
        let fd = failing == .create ? -1 : mkstemp(&template)
        if fd < 0 {
            // ENOENT in a folder that exists: a kernel folder (/proc) that takes no new files.
            let code = failing == .create ? EROFS : errno
            throw fail(reason(code == ENOENT ? EROFS : code, folder: folder))
        }
        let temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var closed = false
        func abandon(_ code: Int32) -> PersistenceError {
            if !closed { close(fd) }
            unlink(temp)
            return fail(reason(code, folder: folder))
        }

        if failing == .write {
            _ = data.prefix(data.count / 2).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            throw abandon(ENOSPC)
        }
        let written = data.withUnsafeBytes { raw -> Int32 in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return 0
        }
        if written != 0 { throw abandon(written) }
        fchmod(fd, mode)
        if failing == .sync { throw abandon(EIO) }
        if durable, fsync(fd) != 0 { throw abandon(errno) }
        closed = true
        if close(fd) != 0 { throw abandon(errno) }
        if failing == .rename { throw abandon(EACCES) }
        if rename(temp, target) != 0 { throw abandon(errno) }
        if durable { syncFolder(folder) }
    }

    /// Reads a whole file.
    public static func read(_ path: String) throws(PersistenceError) -> Data {
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

    /// Saving through a symbolic link replaces the file it points to, not the link.
    static func resolvedTarget(_ path: String) -> String {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK, let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
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
