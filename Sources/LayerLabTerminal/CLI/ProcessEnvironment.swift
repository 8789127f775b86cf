#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process environment as a dictionary, read from `environ`.
///
/// `ProcessInfo.processInfo.environment` finds each `=` with a generic `Character` search,
/// several microseconds a variable, and `show` reads the environment at start; this splits
/// each entry at its first `=` byte. A name set twice keeps its first value, as `getenv` does.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return result }
        while let text = entry.pointee {
            if let equals = strchr(text, Int32(UInt8(ascii: "="))) {
                let name = String(decoding: UnsafeRawBufferPointer(start: text, count: equals - text), as: UTF8.self)
                if result[name] == nil { result[name] = String(cString: equals + 1) }
            }
            entry += 1
        }
        return result
    }
}
