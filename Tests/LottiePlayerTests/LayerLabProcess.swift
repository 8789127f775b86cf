import Foundation
import Testing

/// Runs the built `layerlab` binary (`LAYERLAB_BIN`, or the one the build put next to the test
/// bundle) as a user would, with its own state folder so no test sees another's recovery journal.
enum LayerLabProcess {
    struct Result { var status: Int32; var out: String; var err: String }

    static func run(_ args: [String], in folder: URL? = nil) throws -> Result {
        var bin: URL? = ProcessInfo.processInfo.environment["LAYERLAB_BIN"].map { URL(fileURLWithPath: $0) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where bin == nil {
            let candidate = dir.appendingPathComponent("layerlab")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { bin = candidate }
            dir.deleteLastPathComponent()
        }
        guard let bin else {
            Issue.record("build the layerlab executable first (swift build)")
            return Result(status: -1, out: "", err: "")
        }
        let p = Process()
        p.executableURL = bin
        p.arguments = args
        if let folder { p.currentDirectoryURL = folder }
        let state = (folder ?? FileManager.default.temporaryDirectory)
            .appendingPathComponent("layerlab-state-\(UUID().uuidString)")
        var env = ProcessInfo.processInfo.environment
        env["XDG_STATE_HOME"] = state.path
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Standard error is drained on another thread, so neither pipe can fill and stall the child.
        nonisolated(unsafe) var e = Data()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { e = err.fileHandleForReading.readDataToEndOfFile(); drained.signal() }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        p.waitUntilExit()
        try? FileManager.default.removeItem(at: state)
        return Result(status: p.terminationStatus, out: String(decoding: o, as: UTF8.self),
                      err: String(decoding: e, as: UTF8.self))
    }
}
