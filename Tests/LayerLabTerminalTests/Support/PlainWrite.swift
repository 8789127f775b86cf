#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Writes `data` (nothing: an empty file) to `path` plainly, as `createFile` would but without
/// its `.atomic` write; whether it was written.
@discardableResult
func plainWrite(_ path: String, _ data: Data?) -> Bool {
    (try? (data ?? Data()).write(to: URL(fileURLWithPath: path))) != nil
}
