#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libFuzzer's own driver, linked in by `-sanitize=fuzzer`. Calling it from `main.swift` rather
/// than exporting `LLVMFuzzerTestOneInput` keeps each target an ordinary SwiftPM executable
/// (SwiftPM renames an executable's `main`, which clashes with libFuzzer's).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The body under test; a C callback cannot capture, so it waits here.
nonisolated(unsafe) private var testOne: ([UInt8]) -> Void = { _ in }

/// Runs libFuzzer with the process's arguments, calling `body` with every input it makes.
/// `body` must not crash, trap or hang for ANY bytes: each of those is a finding.
package func runFuzzer(_ body: @escaping ([UInt8]) -> Void) -> Never {
    testOne = body
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        testOne(size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
    exit(status)
}
