import Foundation
import Testing

/// `scripts/install` into a temporary prefix: the program runs from a new shell whose PATH is
/// that prefix and the system's, man finds its page, and `--uninstall` leaves the prefix as it
/// was. The binary the tests were built with is installed (`--binary`), so no release build
/// is made here.
@Suite(.serialized) struct InstallTests {
    static let script = ToolRun.repository + "/scripts/install"

    /// Every path under `root` with its contents, to compare before and after.
    static func snapshot(_ root: String) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let paths = FileManager.default.enumerator(atPath: root) else { return result }
        for case let path as String in paths {
            var isDir: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDir)
            result[path] = isDir.boolValue ? Data("<folder>".utf8) : FileManager.default.contents(atPath: root + "/" + path) ?? Data()
        }
        return result
    }

    /// A prefix that already holds a program and a manual page of someone else's.
    static func existingPrefix() throws -> (root: String, prefix: String) {
        let root = try ToolRun.temporaryFolder("install")
        let prefix = root + "/prefix"
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/share/man/man1", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: prefix + "/bin/other", contents: Data("#!/bin/sh\n".utf8)))
        #expect(FileManager.default.createFile(atPath: prefix + "/share/man/man1/other.1", contents: Data(".TH OTHER 1\n".utf8)))
        return (root, prefix)
    }

    @Test(.enabled(if: PTYREPLTests.binary != nil, "the layerlab executable is built next to the tests"))
    func installRunsFromANewShellAndUninstallLeavesThePrefixAsItWas() throws {
        let binary = try #require(PTYREPLTests.binary)
        let (root, prefix) = try Self.existingPrefix()
        let before = Self.snapshot(root)
        let env = ["PATH": "/usr/bin:/bin", "HOME": root, "LANG": "C.UTF-8"]

        let installed = try ToolRun.run("/bin/bash", [Self.script, "--binary", binary, prefix], environment: env)
        #expect(installed.status == 0, "\(installed.err)")
        let paths = ["bin/layerlab", "share/man/man1/layerlab.1", "share/bash-completion/completions/layerlab",
                     "share/zsh/site-functions/_layerlab", "share/fish/vendor_completions.d/layerlab.fish"]
        for p in paths {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + p), "\(p)")
            #expect(installed.out.contains(prefix + "/" + p), "says where it put \(p)")
        }
        // PREFIX/bin is not on the PATH it ran with: it says what to add.
        #expect(installed.out.contains("export PATH=\"\(prefix)/bin:$PATH\""))

        // A new shell with only the prefix and the system on PATH finds and runs it.
        let shellEnv = ["PATH": prefix + "/bin:/usr/bin:/bin", "HOME": root]
        let version = try ToolRun.run("/bin/sh", ["-c", "command -v layerlab && layerlab --version"], environment: shellEnv)
        let expected = try ToolRun.run(binary, ["--version"])
        #expect(version.status == 0 && version.out == prefix + "/bin/layerlab\n" + expected.out)
        #expect(expected.out.hasPrefix("layerlab 0.1.0 (commit "))
        // The installed page and scripts are what the binary writes.
        #expect(FileManager.default.contents(atPath: prefix + "/share/man/man1/layerlab.1")
                == Data(try ToolRun.run(binary, ["help", "--man"]).out.utf8))
        #expect(FileManager.default.contents(atPath: prefix + "/share/zsh/site-functions/_layerlab")
                == Data(try ToolRun.run(binary, ["completions", "zsh"]).out.utf8))
        if let man = ToolRun.which("man") {
            // man-db finds PREFIX/share/man from PREFIX/bin on PATH.
            let found = try ToolRun.run(man, ["-w", "layerlab"], environment: shellEnv)
            #expect(found.out == prefix + "/share/man/man1/layerlab.1\n", "\(found.err)")
        }
        if let groff = ToolRun.which("groff") {
            let page = try String(contentsOfFile: prefix + "/share/man/man1/layerlab.1", encoding: .utf8)
            let r = try ToolRun.run(groff, ["-man", "-ww", "-z"], input: page)
            #expect(r.status == 0 && r.err.isEmpty, "\(r.err)")
        }

        // Each shell loads its script from where it was put, as it does at Tab.
        let shellHome = try ToolRun.temporaryFolder("install-home")
        let loader = "/usr/share/bash-completion/bash_completion"
        if FileManager.default.fileExists(atPath: loader) {
            let r = try ToolRun.run("/bin/bash", ["--norc", "-c", "source \(loader); __load_completion layerlab; complete -p layerlab"],
                                    environment: ["PATH": shellEnv["PATH"]!, "HOME": shellHome, "XDG_DATA_DIRS": prefix + "/share"])
            #expect(r.out == "complete -F _layerlab layerlab\n", "bash-completion: \(r.err)")
        }
        if let fish = ToolRun.which("fish") {
            let r = try ToolRun.run(fish, ["--no-config", "-c", "set -p fish_complete_path $argv[1]; complete -C'layerlab ex'",
                                           prefix + "/share/fish/vendor_completions.d"],
                                    environment: ["PATH": shellEnv["PATH"]!, "HOME": shellHome], directory: shellHome)
            #expect(r.out.hasPrefix("explain\t") && r.out.contains("\nexport\t"), "fish: \(r.out) \(r.err)")
        }

        // Installing again replaces its own files (and nothing else).
        let again = try ToolRun.run("/bin/bash", [Self.script, "--binary", binary, prefix], environment: env)
        #expect(again.status == 0, "\(again.err)")

        let removed = try ToolRun.run("/bin/bash", [Self.script, "--uninstall", prefix], environment: env)
        #expect(removed.status == 0, "\(removed.err)")
        #expect(Self.snapshot(root) == before, "the prefix is as it was")
        let twice = try ToolRun.run("/bin/bash", [Self.script, "--uninstall", prefix], environment: env)
        #expect(twice.status == 1 && twice.err.contains("nothing to uninstall"))
    }

    /// A file of the same name that it did not install is not replaced; nothing is written.
    @Test(.enabled(if: PTYREPLTests.binary != nil, "the layerlab executable is built next to the tests"))
    func refusesToReplaceAFileItDidNotInstall() throws {
        let binary = try #require(PTYREPLTests.binary)
        let (root, prefix) = try Self.existingPrefix()
        #expect(FileManager.default.createFile(atPath: prefix + "/bin/layerlab", contents: Data("someone else's\n".utf8)))
        let before = Self.snapshot(root)
        let r = try ToolRun.run("/bin/bash", [Self.script, "--binary", binary, prefix],
                                environment: ["PATH": "/usr/bin:/bin", "HOME": root])
        #expect(r.status == 1 && r.err.contains("\(prefix)/bin/layerlab exists and was not installed by scripts/install"))
        #expect(Self.snapshot(root) == before)
    }

    /// An installed file changed since is kept by --uninstall, and said.
    @Test(.enabled(if: PTYREPLTests.binary != nil, "the layerlab executable is built next to the tests"))
    func uninstallKeepsAFileChangedSince() throws {
        let binary = try #require(PTYREPLTests.binary)
        let (root, prefix) = try Self.existingPrefix()
        let env = ["PATH": "/usr/bin:/bin", "HOME": root]
        #expect(try ToolRun.run("/bin/bash", [Self.script, "--binary", binary, prefix], environment: env).status == 0)
        let page = prefix + "/share/man/man1/layerlab.1"
        #expect(FileManager.default.createFile(atPath: page, contents: Data(".TH EDITED 1\n".utf8)))
        let r = try ToolRun.run("/bin/bash", [Self.script, "--uninstall", prefix], environment: env)
        #expect(r.err.contains("kept \(page): it has changed since it was installed"))
        #expect(FileManager.default.fileExists(atPath: page))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/layerlab"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/zsh"))
    }

    /// An install that fails half way (here a folder it needs is a file) says how to undo it,
    /// and --uninstall then removes what it had written.
    @Test(.enabled(if: PTYREPLTests.binary != nil, "the layerlab executable is built next to the tests"))
    func aFailedInstallCanBeUninstalled() throws {
        let binary = try #require(PTYREPLTests.binary)
        let (root, prefix) = try Self.existingPrefix()
        #expect(FileManager.default.createFile(atPath: prefix + "/share/zsh", contents: Data("in the way\n".utf8)))
        let before = Self.snapshot(root)
        let env = ["PATH": "/usr/bin:/bin", "HOME": root]
        let r = try ToolRun.run("/bin/bash", [Self.script, "--binary", binary, prefix], environment: env)
        #expect(r.status != 0 && r.err.contains("scripts/install --uninstall \(prefix) removes what was written"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/bin/layerlab"))
        #expect(try ToolRun.run("/bin/bash", [Self.script, "--uninstall", prefix], environment: env).status == 0)
        #expect(Self.snapshot(root) == before)
    }
}
