/// Why a project could not be saved or read, in words a user can act on.
///
/// `description` reads `cannot save 'x.json': the folder 'out' does not exist`.
package struct PersistenceError: Error, Hashable, Sendable, CustomStringConvertible {
    package enum Reason: Hashable, Sendable {
        case folderMissing(String)
        /// A component of the path is a file, not a folder.
        case notAFolder(String)
        case isAFolder
        case readOnly(String)
        case permissionDenied(String)
        case diskFull
        case noSuchFile
        /// The existing file is not a LayerLab project: overwriting needs `save!`.
        case notAProject
        /// The existing file is not what an export writes: overwriting needs `export!`.
        case notKind(FileKind)
        /// The file is the document's own script or project, which an export never replaces.
        case ownSource
        /// Any other system error, with its text.
        case system(String)
    }

    /// "save" or "read".
    package var action: String
    package var path: String
    package var reason: Reason

    package init(action: String, path: String, reason: Reason) {
        self.action = action; self.path = path; self.reason = reason
    }

    /// The reason alone ("the disk is full"), for front ends that add their own prefix.
    package var why: String {
        switch reason {
        case .folderMissing(let d): return "the folder '\(d)' does not exist"
        case .notAFolder(let d): return "'\(d)' is not a folder"
        case .isAFolder: return "it is a folder"
        case .readOnly(let d): return "the folder '\(d)' is read-only"
        case .permissionDenied(let d): return "permission denied in '\(d)'"
        case .diskFull: return "the disk is full"
        case .noSuchFile: return "no such file"
        case .notAProject: return "it is not a LayerLab project; use 'save! \(path)' to replace it"
        case .notKind(let k): return "it is not \(k.noun); use 'export! \(k.rawValue) \(path)' to replace it"
        case .ownSource: return "it is the document's own script or project"
        case .system(let text): return text
        }
    }

    package var description: String { "cannot \(action) '\(path)': \(why)" }
}
