import Foundation

/// Archives for the tests: the corpus's real dotLottie files, and archives that Info-ZIP's
/// `zip` and Python's `zipfile` write on the spot, so the reader is checked against the two
/// writers most archives come from rather than against itself.
enum ArchiveFixtures {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func corpus(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: repository.appendingPathComponent("Tests/LottieCorpus/dotlottie/\(name)")))
    }

    /// The program at `path` if it is installed.
    static func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)", "/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
            ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
                .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let zip = tool("zip")
    static let python = tool("python3")

    /// Files the writers pack: text that deflates well, bytes that do not, an empty file and a
    /// name in a folder with a space, as dotLottie v2's `a/Main Scene.json`.
    static let files: [(String, [UInt8])] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let noise = (0..<3000).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let text = String(repeating: "{\"v\":\"5.7.4\",\"layers\":[]}\n", count: 200)
        return [("manifest.json", Array("{\"animations\":[{\"id\":\"Main Scene\"}],\"version\":\"2\"}".utf8)),
                ("a/Main Scene.json", Array(text.utf8)),
                ("i/noise.bin", noise),
                ("empty.txt", [])]
    }()

    /// A fresh folder holding `files`.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layerlabzip\(UUID().uuidString)")
        for (name, bytes) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        }
        return url
    }

    /// Runs `program ARGS` in `folder`; fails when it exits with an error.
    static func run(_ program: String, _ args: [String], in folder: URL) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = args
        p.currentDirectoryURL = folder
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// `files` packed by Info-ZIP's `zip` with `options` (such as `-0` for stored entries).
    static func byZip(_ options: [String]) throws -> [UInt8] {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try run(zip!, ["-q", "-X"] + options + ["out.zip"] + files.map(\.0), in: dir)
        return [UInt8](try Data(contentsOf: dir.appendingPathComponent("out.zip")))
    }

    /// `files` packed by Python's `zipfile` with `compression` (`ZIP_STORED` or
    /// `ZIP_DEFLATED`), and an archive comment, which the end record search must step over.
    static func byPython(_ compression: String) throws -> [UInt8] {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let names = files.map { "'\($0.0)'" }.joined(separator: ",")
        try run(python!, ["-c", """
            import zipfile
            with zipfile.ZipFile('out.zip', 'w', zipfile.\(compression)) as z:
                z.comment = b'written by python: PK\\x05\\x06 inside a comment'
                for n in [\(names)]:
                    z.write(n)
            """], in: dir)
        return [UInt8](try Data(contentsOf: dir.appendingPathComponent("out.zip")))
    }

    /// Little-endian field writes, to damage an archive on purpose.
    static func put16(_ bytes: inout [UInt8], _ at: Int, _ v: Int) {
        bytes[at] = UInt8(v & 0xFF); bytes[at + 1] = UInt8(v >> 8 & 0xFF)
    }

    static func put32(_ bytes: inout [UInt8], _ at: Int, _ v: UInt32) {
        for i in 0..<4 { bytes[at + i] = UInt8(v >> (8 * UInt32(i)) & 0xFF) }
    }

    /// Where the first central directory header starts.
    static func directory(_ bytes: [UInt8]) -> Int {
        (0..<(bytes.count - 4)).first { bytes[$0] == 0x50 && bytes[$0 + 1] == 0x4B && bytes[$0 + 2] == 1 && bytes[$0 + 3] == 2 }!
    }

    /// Where the end of central directory record starts (in an archive without a comment).
    static func endRecord(_ bytes: [UInt8]) -> Int {
        (0..<(bytes.count - 4)).last { bytes[$0] == 0x50 && bytes[$0 + 1] == 0x4B && bytes[$0 + 2] == 5 && bytes[$0 + 3] == 6 }!
    }
}
