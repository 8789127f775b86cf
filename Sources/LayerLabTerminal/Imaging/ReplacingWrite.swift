#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes `data` to a temporary file beside `path`, then renames it over `path`, so a reader
/// never sees half a file. NB: not Foundation's `.atomic` option, which on Linux goes through a
/// `TemporaryDirectory.*` folder in /tmp that it never removes.
func writeReplacing(_ data: Data, to path: String) throws {
    let tmp = path + ".tmp\(getpid())"
    do {
        try data.write(to: URL(fileURLWithPath: tmp))
    } catch {
        unlink(tmp)
        throw error
    }
    guard rename(tmp, path) == 0 else {
        let code = errno
        unlink(tmp)
        throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
}
