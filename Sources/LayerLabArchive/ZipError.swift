import LayerLabCore

/// Why a zip archive (a dotLottie file) could not be read. `description` is the message users
/// see; names from the archive are escaped, so a file cannot send escape sequences to a terminal.
package enum ZipError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No end-of-central-directory record: not a zip archive, or one cut short.
    case notAZip
    /// The directory or an entry's header points outside the file or is cut short.
    case truncated(String)
    /// A zip64 archive: only needed past 4 GB or 65,535 entries, which no dotLottie comes near.
    case zip64
    /// An archive split over several files.
    case multiDisk
    case encrypted(String)
    /// A compression method other than stored (0) and deflate (8).
    case unsupportedMethod(String, Int)
    /// An entry (or the whole archive) larger than `ZipArchive.Limits` allow: a zip bomb or
    /// something that is not an animation.
    case tooLarge(String, Int)
    case tooManyEntries(Int)
    /// The compressed bytes do not inflate, or inflate to another size or checksum than the
    /// directory says.
    case corrupt(String, String)
    case noSuchEntry(String)

    package var description: String {
        switch self {
        case .notAZip: return "not a zip archive (no end of central directory record)"
        case .truncated(let what): return "the archive is cut short: \(what)"
        case .zip64: return "zip64 archives are not supported (no dotLottie file needs one)"
        case .multiDisk: return "archives split over several files are not supported"
        case .encrypted(let name): return "\(quoted(name)) is encrypted"
        case .unsupportedMethod(let name, let m):
            return "\(quoted(name)) uses compression method \(m); only stored (0) and deflate (8) are supported"
        case .tooLarge(let name, let size):
            return "\(quoted(name)) would be \(size) bytes, over the \(ZipArchive.Limits.standard.maxEntrySize / 1_048_576) MB limit"
        case .tooManyEntries(let n):
            return "the archive lists \(n) entries, over the \(ZipArchive.Limits.standard.maxEntries) limit"
        case .corrupt(let name, let why): return "\(quoted(name)) is damaged: \(why)"
        case .noSuchEntry(let name): return "the archive has no \(quoted(name))"
        }
    }
}

/// A name from the archive in quotes, control characters escaped.
func quoted(_ s: String) -> String { "\"" + escapeForTerminal(s) + "\"" }
