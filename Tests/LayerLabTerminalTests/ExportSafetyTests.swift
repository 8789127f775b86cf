#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LayerLabCore
import LayerLabProject
@testable import LayerLabTerminal
import Testing

/// Exports never destroy a file they were not meant to replace, links are honoured, and
/// temporary files of interrupted saves do not pile up.
@Suite struct ExportSafetyTests {
    typealias Folder = PersistenceTests.Folder

    /// Runs `layerlab ARGS` in `folder`; the exit status and standard error.
    func layerlab(_ args: [String], in folder: Folder) throws -> (status: Int32, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try #require(PersistenceTests.binary, "layerlab is built"))
        p.arguments = args
        p.environment = ["HOME": folder.path, "XDG_STATE_HOME": folder.path, "PATH": "/usr/bin:/bin", "TERM": "dumb"]
        p.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text)
    }

    /// Runs `layerlab ARGS` in `folder`; what it printed (standard output and error).
    func output(_ args: [String], in folder: Folder) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try #require(PersistenceTests.binary, "layerlab is built"))
        p.arguments = args
        p.environment = ["HOME": folder.path, "XDG_STATE_HOME": folder.path, "PATH": "/usr/bin:/bin", "TERM": "dumb"]
        p.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return text
    }

    /// The cast export says the screen its header states (the frame fitted into the cells
    /// asked for), not the cells asked for.
    @Test func theCastSummaryMatchesItsHeader() throws {
        let folder = Folder()
        let said = try output(["-c", "layer a backgroundColor=red bounds=rect(0, 0, 50, 50); export c.cast to=0.1"], in: folder)
        let head = String(decoding: try #require(contents(folder.file("c.cast"))), as: UTF8.self).split(separator: "\n")[0]
        let width = try #require(head.split(separator: ",").first { $0.contains("\"width\"") }?.split(separator: ":").last)
        let height = try #require(head.split(separator: ",").first { $0.contains("\"height\"") }?.split(separator: ":").last)
        let cells = "\(width.trimmingCharacters(in: .whitespaces))x\(height.trimmingCharacters(in: .whitespaces)) cells"
        #expect(said.contains(cells), "\(said) / \(head)")
        #expect(!said.contains("80x24"), "the frame of a square canvas is not 80 columns wide")
    }

    func write(_ text: String, _ path: String) {
        _ = plainWrite(path, Data(text.utf8))
    }

    func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    static let script = "shape s path=circle(50, 50, 20) fillColor=red\nanimate s opacity to=0 duration=1\n"

    @Test func exportNeverReplacesTheDocumentsOwnFile() throws {
        let folder = Folder()
        write(Self.script, folder.file("x.lab"))
        #expect(try layerlab(["-c", "load x.lab; save p.json"], in: folder).status == 0)
        let project = contents(folder.file("p.json"))
        let r = try layerlab(["export", "p.json", "--lottie", "p.json"], in: folder)
        #expect(r.status == 1 && r.err.contains("the document's own script or project"))
        #expect(contents(folder.file("p.json")) == project)
        #expect(try layerlab(["export", "x.lab", "--swift", "x.lab", "--force"], in: folder).status == 1)
        #expect(try layerlab(["-c", "load x.lab; export! swift ./x.lab"], in: folder).status == 1)
        #expect(contents(folder.file("x.lab")) == Data(Self.script.utf8))
    }

    /// From the shell a still without --at shows the scene settled (its end), or the
    /// canvas's poster time; --at still names any moment.
    @Test func aStillWithoutATimeShowsTheScene() throws {
        let folder = Folder()
        write("layer a opacity=0 backgroundColor=red bounds=rect(0, 0, 50, 50)\nanimate a opacity from=0 to=1 duration=2 fillMode=forwards removedOnCompletion=false\n", folder.file("s.lab"))
        func stdout(_ args: [String]) throws -> String { try output(args, in: folder) }
        #expect(try stdout(["export", "s.lab", "a.png"]).contains("t=2)"))
        #expect(try stdout(["export", "s.lab", "b.png", "--at", "0.5"]).contains("t=0.5)"))
        write("canvas poster=1.5\n", folder.file("p.lab"))
        write("layer a opacity=0\nanimate a opacity to=1 duration=2\ncanvas poster=1.5\n", folder.file("q.lab"))
        #expect(try stdout(["export", "q.lab", "c.png"]).contains("t=1.5)"))
    }

    /// One limit per quantity, quoted by every message: the parser, the exporter and a canvas
    /// too large to export say the same 4096, and the real size.
    @Test func exportLimitsAgree() throws {
        let folder = Folder()
        var r = try layerlab(["-c", "layer a; export c.png size=5000x5000"], in: folder)
        #expect(r.status == 1 && r.err.contains("1 to 4096 a side"), "\(r.err)")
        r = try layerlab(["-c", "canvas size=9000x9000; export c.png"], in: folder)
        #expect(r.status == 1 && r.err.contains("the canvas is 9000x9000 pixels; an export is at most 4096 a side"), "\(r.err)")
        r = try layerlab(["-c", "layer a; export c.gif fps=0"], in: folder)
        #expect(r.status == 1 && r.err.contains("fps must be more than 0 and at most 240, found 0"), "\(r.err)")
        #expect(try layerlab(["-c", "layer a; export c.png size=4096x10"], in: folder).status == 0)
    }

    @Test(arguments: ["png", "gif", "lottie", "swift", "cast"])
    func exportRefusesAFileOfAnotherKindUnlessForced(_ format: String) throws {
        let folder = Folder()
        write(Self.script, folder.file("x.lab"))
        write("my notes\n", folder.file("notes.txt"))
        let r = try layerlab(["-c", "load x.lab; export \(format) notes.txt to=0.2"], in: folder)
        #expect(r.status == 1 && r.err.contains("use 'export! \(format) notes.txt'"), "\(r.err)")
        #expect(contents(folder.file("notes.txt")) == Data("my notes\n".utf8))
        // The same kind is replaced without asking; another kind is not.
        #expect(try layerlab(["-c", "load x.lab; export \(format) out to=0.2; export \(format) out to=0.2"], in: folder).status == 0)
        #expect(try layerlab(["export", "x.lab", "--\(format)", "notes.txt", "--to", "0.2", "--force"], in: folder).status == 0)
        #expect(contents(folder.file("notes.txt")) != Data("my notes\n".utf8))
    }

    @Test func savingThroughADanglingLinkCreatesItsTarget() throws {
        let folder = Folder()
        symlink("sub/target.json", folder.file("link.json"))
        mkdir(folder.file("sub"), 0o755)
        try ProjectStore.save(ProjectFile.encode(Document()), to: folder.file("link.json"))
        var st = stat()
        #expect(lstat(folder.file("link.json"), &st) == 0 && st.st_mode & S_IFMT == S_IFLNK, "still a link")
        #expect(contents(folder.file("sub/target.json")) == ProjectFile.encode(Document()))
    }

    @Test func savingKeepsHardLinksTogether() throws {
        let folder = Folder()
        try ProjectStore.save(ProjectFile.encode(Document()), to: folder.file("a.json"))
        link(folder.file("a.json"), folder.file("b.json"))
        var doc = Document()
        doc.canvas.size = Size(321, 123)
        try ProjectStore.save(ProjectFile.encode(doc), to: folder.file("b.json"))
        #expect(contents(folder.file("a.json")) == ProjectFile.encode(doc), "both names see the new content")
        #expect(folder.entries == ["a.json", "b.json"])
    }

    /// An export over an existing file (names swapped, then the old file removed) leaves the
    /// new content under the name, the old file's permissions, and nothing else in the folder;
    /// a first export and a hard-linked file take the other paths and end the same way.
    @Test func anExportReplacesAFileWholeAndLeavesNothingBehind() throws {
        let folder = Folder()
        let target = folder.file("a.json")
        var doc = Document()
        for width in [100.0, 200, 300] {
            doc.canvas.size = Size(width, 50)
            try ProjectStore.save(ProjectFile.encode(doc), to: target, durable: false)
            #expect(contents(target) == ProjectFile.encode(doc), "\(width)")
            #expect(folder.entries == ["a.json"], "\(folder.entries)")
            if width == 100 { chmod(target, 0o640) }
        }
        var st = stat()
        #expect(stat(target, &st) == 0 && st.st_mode & 0o777 == 0o640, "the replaced file's mode is kept")
        link(target, folder.file("b.json"))
        doc.canvas.size = Size(400, 50)
        try ProjectStore.save(ProjectFile.encode(doc), to: folder.file("b.json"), durable: false)
        #expect(contents(target) == ProjectFile.encode(doc), "both names see the new content")
        #expect(folder.entries == ["a.json", "b.json"])
#if os(Linux)
        // The swap itself, which the replacing export relies on (no name is ever missing).
        write("new", folder.file("x")); write("old", folder.file("y"))
        #expect(ProjectStore.exchange(folder.file("x"), folder.file("y")))
        #expect(contents(folder.file("y")) == Data("new".utf8) && contents(folder.file("x")) == Data("old".utf8))
        #expect(!ProjectStore.exchange(folder.file("x"), folder.file("missing")), "no target: a plain rename's case")
#endif
    }

    @Test func staleTemporariesOfKilledSavesAreRemovedByTheNextSave() throws {
        let folder = Folder()
        // A pid that cannot be running: past the kernel's maximum.
        let dead = folder.file(".a.json.saving-2147483646-abcdef")
        let live = folder.file(".a.json.saving-\(getpid() == 1 ? 2 : 1)-abcdef")
        let oldStyle = folder.file(".a.json.saving-QWERTY")
        let recentOldStyle = folder.file(".b.json.saving-ZXCVBN")
        for f in [dead, live, oldStyle, recentOldStyle] { write("partial", f) }
        var times = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        utimensat(AT_FDCWD, oldStyle, &times, 0)
        try ProjectStore.save(ProjectFile.encode(Document()), to: folder.file("a.json"))
        #expect(!folder.entries.contains(".a.json.saving-2147483646-abcdef"), "its process is gone")
        #expect(!folder.entries.contains(".a.json.saving-QWERTY"), "old and of the old form")
        #expect(folder.entries.contains(".b.json.saving-ZXCVBN"), "recent: may be a save in progress")
        #expect(folder.entries.contains(live.split(separator: "/").last.map(String.init) ?? ""), "pid 1 is alive")
    }
}

/// Image paths of a document from a file stay in its folder; image files are checked before
/// they are read, and errors never quote their text.
@Suite struct ImagePathTests {
    typealias Folder = PersistenceTests.Folder

    func document(_ names: [String]) -> Document {
        var d = Document()
        d.layers = names.enumerated().map { Layer(name: "i\($0.offset)", kind: .image, properties: ["contents": .string($0.element)]) }
        return d
    }

    func setUp() -> Folder {
        let f = Folder()
        mkdir(f.file("proj"), 0o755)
        mkdir(f.file("proj/sub"), 0o755)
        _ = plainWrite(f.file("proj/sub/ok.txt"), Data("R = red\n\nRR\n".utf8))
        _ = plainWrite(f.file("secret.txt"), Data("R = red\n\nR\n".utf8))
        symlink(f.file("secret.txt"), f.file("proj/link.txt"))
        return f
    }

    @Test(arguments: ["/etc/passwd", "/etc/shadow", "../secret.txt", "../../../../../../etc/passwd",
                      "/root/.bashrc", "link.txt", "sub/../../secret.txt"])
    func pathsOutsideTheDocumentsFolderAreRefused(_ name: String) {
        let f = setUp()
        let (store, errors) = ImageLoader.images(for: document([name]), relativeTo: f.file("proj"), allowed: [])
        #expect(store[name] == nil)
        #expect(errors[name]?.description.contains("outside the document's folder") == true)
    }

    @Test func pathsInsideOrAllowedAreRead() {
        let f = setUp()
        let names = ["sub/ok.txt", "sub/../sub/ok.txt", f.file("proj/sub/ok.txt")]
        let (store, errors) = ImageLoader.images(for: document(names), relativeTo: f.file("proj"), allowed: [])
        #expect(errors.isEmpty)
        for n in names { #expect(store[n]?.width == 2) }
        let more = ImageLoader.images(for: document(["../secret.txt", "link.txt"]), relativeTo: f.file("proj"), allowed: [f.path])
        #expect(more.errors.isEmpty && more.store["link.txt"]?.width == 1)
        #expect(ImageLoader.allowedFolders(["LAYERLAB_IMAGE_PATH": "/a::/b"]) == ["/a", "/b"])
    }

    @Test func hugeFilesAndDevicesAreRefusedBeforeReading() throws {
        let f = Folder()
        let big = f.file("big.txt")
        _ = plainWrite(big, nil)
        #expect(truncate(big, 1 << 30) == 0)
        #expect(throws: ImagingError.self) { try ImageLoader.load(big) }
        do { _ = try ImageLoader.load(big) } catch { #expect("\(error)".contains("at most 64 MB")) }
        do { _ = try ImageLoader.load("/dev/zero") } catch { #expect("\(error)".contains("not a regular file")) }
    }

    /// A 1 GB script or project was read whole and lexed: 3 GB and minutes before its first
    /// error. The size is refused from the file's size (the message names it, which reading
    /// could not), a device once the limit has come, and a FIFO nobody writes to is empty.
    @Test func hugeScriptsAndProjectsAreRefusedBeforeReading() throws {
        let f = Folder()
        for name in ["big.lab", "big.json"] {
            let big = f.file(name)
            _ = plainWrite(big, nil)
            #expect(truncate(big, 1 << 30) == 0)
            do { _ = try LocalFiles().read(big); Issue.record("read \(name)") } catch {
                #expect("\(error)" == "it is 1024 MB; scripts and projects are at most 16 MB")
            }
            let run = try ExportSafetyTests().layerlab(["show", name], in: f)
            #expect(run.status == 1)
            #expect(run.err.contains("\(name): cannot read '\(name)': it is 1024 MB; scripts and projects are at most 16 MB"), "\(run.err)")
        }
        do { _ = try LocalFiles().read("/dev/zero"); Issue.record("read /dev/zero") } catch {
            #expect("\(error)" == "it is over 16 MB; scripts and projects are at most 16 MB")
        }
        let fifo = f.file("fifo.lab")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(try LocalFiles().read(fifo) == [])
        do { _ = try LocalFiles().read(f.path); Issue.record("read a folder") } catch { #expect("\(error)" == "it is a folder") }
        do { _ = try LocalFiles().read(f.file("missing.lab")); Issue.record("read a missing file") } catch {
            #expect("\(error)" == "no such file")
        }
    }

    /// A regular file is read straight into an array of its stated size; one that says less
    /// than it holds (a kernel file says 0) is read to its end all the same.
    @Test func filesAreReadWhole() throws {
        let f = Folder()
        let empty = f.file("empty.lab"), small = f.file("small.lab"), long = f.file("long.json")
        _ = plainWrite(empty, Data())
        _ = plainWrite(small, Data("canvas size=10x10\n".utf8))
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        _ = plainWrite(long, Data(bytes))
        #expect(try LocalFiles().read(empty) == [])
        #expect(try LocalFiles().read(small) == Array("canvas size=10x10\n".utf8))
        #expect(try LocalFiles().read(long) == bytes)
        let status = try LocalFiles().read("/proc/self/status")
        #expect(status.count > 100 && String(decoding: status, as: UTF8.self).hasSuffix("\n"))
    }

    @Test func textArtErrorsNeverQuoteTheFile() {
        let f = Folder()
        let file = f.file("notes.txt")
        _ = plainWrite(file, Data("export SECRET=hunter2\n".utf8))
        do { _ = try ImageLoader.load(file); Issue.record("not an image") } catch {
            #expect(!"\(error)".contains("hunter2") && !"\(error)".contains("'e'") && !"\(error)".contains("SECRET"))
            #expect("\(error)".contains(":1: column 1 is a character not in the palette"))
        }
        _ = plainWrite(file, Data("X = hunter2\n\nX\n".utf8))
        do { _ = try ImageLoader.load(file) } catch { #expect(!"\(error)".contains("hunter2")) }
    }
}

/// `frames`, GIF and cast exports refuse jobs over the pixel budget before drawing anything.
@Suite struct LongJobTests {
    @Test(arguments: [
        "layer a; animate a opacity to=0 duration=9000; frames fps=10 size=2000x1000 mode=braille",
        "layer a; canvas size=4096x4096; animate a opacity to=0 duration=100; export gif o.gif fps=100",
        // (Within the cast's frame cap, 36,000, so the pixel budget is what refuses it.)
        "layer a; animate a opacity to=0 duration=1000; export cast o.cast size=1000x500 fps=30",
    ])
    func longJobsAreRefusedAtOnce(_ script: String) throws {
        let folder = PersistenceTests.Folder()
        let r = try ExportSafetyTests().layerlab(["-c", script], in: folder)
        #expect(r.status == 1)
        #expect(r.err.contains("billion pixels, over the limit of 4 billion"), "\(r.err)")
        #expect(!folder.entries.contains("o.gif") && !folder.entries.contains("o.cast"))
    }
}
