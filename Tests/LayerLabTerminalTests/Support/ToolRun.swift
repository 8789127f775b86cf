import Foundation

/// Runs programs the shipping tests drive (groff, bash, zsh, fish, scripts/install) and
/// finds them on PATH.
enum ToolRun {
    struct Result { var status: Int32; var out: String; var err: String }

    /// The repository's root folder, from this file's place in it.
    static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The program's path when it is installed.
    static func which(_ tool: String) -> String? {
        for dir in ["/usr/bin", "/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: dir + "/" + tool) {
            return dir + "/" + tool
        }
        return nil
    }

    /// Runs `path` with `arguments`, the environment (the test's own when nil), `input` on
    /// standard input and `directory` as its working folder.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                    input: String = "", directory: String? = nil) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        if let environment { p.environment = environment }
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = stdin
        try p.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Both pipes drained at once: a full one would stall the other.
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errBox.data = err.fileHandleForReading.readDataToEndOfFile() }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, out: String(decoding: o, as: UTF8.self),
                      err: String(decoding: errBox.data, as: UTF8.self))
    }

    /// A new empty folder under the temporary folder.
    static func temporaryFolder(_ label: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("layerlab-\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
