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

    /// Starts `binary ARGS` with every signal at its default and none blocked (a test runner's
    /// threads may block some, and a child would inherit that); its pid.
    static func spawn(_ binary: String, _ args: [String], environment: [String]) throws -> pid_t {
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attr, &none)
        posix_spawnattr_setsigdefault(&attr, &all)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([binary] + args).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, binary, nil, &attr, argv, envp)
        try #require(code == 0, "spawned: \(code)")
        return pid
    }

    @Test(arguments: [SIGQUIT, SIGXCPU, SIGALRM, SIGPIPE, SIGUSR1, SIGUSR2, SIGTERM, SIGSEGV, SIGABRT])
    func aSignalMidExportLeavesNoTemporaryFile(_ signo: Int32) throws {
        let folder = Folder()
        _ = FileManager.default.createFile(atPath: folder.file("x.lab"), contents: Data(Self.long.utf8))
        let binary = try #require(PersistenceTests.binary, "layerlab is built")
        let pid = try Self.spawn(binary, ["-c", "load \(folder.file("x.lab")); export gif \(folder.file("x.gif")) size=400x400 fps=50"],
                                 environment: ["HOME=\(folder.path)", "XDG_STATE_HOME=\(folder.path)", "PATH=/usr/bin:/bin",
                                               "TERM=dumb", "SWIFT_BACKTRACE=enable=no"])
        // Waits (at most 60 s) for the temporary file: the export is then streaming.
        var streaming = false
        for _ in 0..<6000 {
            if folder.entries.contains(where: { $0.contains(".saving-") }) { streaming = true; break }
            usleep(10_000)
        }
        kill(pid, signo)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        try #require(streaming, "the export started: \(folder.entries)")
        #expect(status & 0x7F == signo, "died of the signal: status \(status)")
        #expect(!folder.entries.contains { $0.contains(".saving-") }, "\(folder.entries)")
        #expect(!folder.entries.contains("x.gif"))
    }
}
