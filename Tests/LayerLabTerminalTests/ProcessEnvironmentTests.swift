#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import LayerLabTerminal
import Testing

/// The environment read straight from `environ` is the one Foundation reports.
@Suite(.serialized) struct ProcessEnvironmentTests {
    @Test func matchesFoundationsEnvironment() {
        setenv("LAYERLAB_ENV_TEST", "a=b=c ü", 1)
        setenv("LAYERLAB_ENV_EMPTY", "", 1)
        defer { unsetenv("LAYERLAB_ENV_TEST"); unsetenv("LAYERLAB_ENV_EMPTY") }
        let ours = ProcessEnvironment.current()
        #expect(ours == ProcessInfo.processInfo.environment)
        #expect(ours["LAYERLAB_ENV_TEST"] == "a=b=c ü")
        #expect(ours["LAYERLAB_ENV_EMPTY"] == "")
    }

    /// A name set twice keeps its first value, as `getenv` finds it; an entry without `=`
    /// is skipped.
    @Test func aNameSetTwiceKeepsItsFirstValue() {
        let entries = ["A=1", "B=x=y", "A=2", "NOEQUALS", "C=", "B=z"]
        var pointers: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        let read = pointers.withUnsafeMutableBufferPointer { ProcessEnvironment.read($0.baseAddress!) }
        #expect(read == ["A": "1", "B": "x=y", "C": ""])
    }
}
