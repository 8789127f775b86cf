#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import LayerLabTerminal
import Testing

/// A streamed export stopped by any signal that can be caught leaves no temporary file (and no
/// output file) behind; the process still dies of the signal.
@Suite(.serialized) struct ExportSignalTests {
    typealias Folder = PersistenceTests.Folder

    static let long = "canvas duration=60\nlayer box position=(100, 100) bounds=rect(0,0,80,80) backgroundColor=orange\n"
        + "animate box transform.rotation.z to=1turn duration=60\n"

    @Test(arguments: [SIGQUIT, SIGXCPU, SIGALRM, SIGPIPE, SIGUSR1, SIGUSR2, SIGTERM, SIGSEGV, SIGABRT])
    func aSignalMidExportLeavesNoTemporaryFile(_ signo: Int32) throws {
        let folder = Folder()
        _ = FileManager.default.createFile(atPath: folder.file("x.lab"), contents: Data(Self.long.utf8))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try #require(PersistenceTests.binary, "layerlab is built"))
        p.arguments = ["-c", "load x.lab; export gif x.gif size=400x400 fps=50"]
        p.environment = ["HOME": folder.path, "XDG_STATE_HOME": folder.path, "PATH": "/usr/bin:/bin", "TERM": "dumb",
                         "SWIFT_BACKTRACE": "enable=no"]
        p.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        p.standardError = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        // Waits (at most 60 s) for the temporary file: the export is then streaming.
        var streaming = false
        for _ in 0..<6000 where p.isRunning {
            if folder.entries.contains(where: { $0.contains(".saving-") }) { streaming = true; break }
            usleep(10_000)
        }
        try #require(streaming, "the export started: \(folder.entries)")
        kill(p.processIdentifier, signo)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == signo, "died of the signal")
        #expect(!folder.entries.contains { $0.contains(".saving-") }, "\(folder.entries)")
        #expect(!folder.entries.contains("x.gif"))
    }
}
