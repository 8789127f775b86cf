#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process environment as a dictionary, read from `environ`.
///
/// `ProcessInfo.processInfo.environment` finds each `=` with a generic `Character` search,
/// several microseconds a variable, and `show` reads the environment at start; this splits
/// each entry at its first `=` byte. A name set twice keeps its first value, as `getenv` does:
/// the entries are read last to first, so the first one is stored last (one hash a variable,
/// in a dictionary sized for them all at once).
package enum ProcessEnvironment {
    package static func current() -> [String: String] {
        let list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard let start = list else { return [:] }
        return read(start)
    }

    /// The variables of a null-terminated list of `NAME=value` C strings (`environ`'s shape).
    static func read(_ start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        var count = 0
        while start[count] != nil { count += 1 }
        var result: [String: String] = [:]
        result.reserveCapacity(count)
        for k in stride(from: count - 1, through: 0, by: -1) {
            let text = start[k]!
            if let equals = strchr(text, Int32(UInt8(ascii: "="))) {
                let name = String(decoding: UnsafeRawBufferPointer(start: text, count: equals - text), as: UTF8.self)
                result[name] = String(cString: equals + 1)
            }
        }
        return result
    }
}
