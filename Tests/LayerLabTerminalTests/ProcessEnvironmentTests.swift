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
}
