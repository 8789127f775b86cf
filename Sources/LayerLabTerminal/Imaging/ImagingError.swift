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

/// Why an image could not be read or written; the message is for the user.
package struct ImagingError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }

    /// A failed write of `path`, with the system's reason (`No such file or directory`).
    init(writing path: String, _ error: any Error) {
        var reason = "\(error)"
        if let posix = (error as? CocoaError)?.underlying as? POSIXError ?? error as? POSIXError {
            reason = String(cString: strerror(posix.code.rawValue))
        }
        self.init("cannot write \(path): \(reason)")
    }
}
