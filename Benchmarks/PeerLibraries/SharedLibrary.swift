#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C library opened at run time, so the benchmarks and the agreement tests build and run
/// on machines without it (they then say it is missing instead of failing to link).
final class SharedLibrary: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer

    /// The first of `names` that opens, or nil when none does.
    init?(_ names: [String]) {
        guard let h = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else { return nil }
        handle = h
    }

    deinit { dlclose(handle) }

    /// The function `name` as the C function type `T`, or nil when the library lacks it.
    func function<T>(_ name: String, as type: T.Type) -> T? {
        guard let p = dlsym(handle, name) else { return nil }
        return unsafeBitCast(p, to: type)
    }
}
