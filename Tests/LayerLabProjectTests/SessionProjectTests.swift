import Foundation
import LayerLabCore
import LayerLabProject
import LayerLabScript
import Testing

/// Projects through the command language: every example survives save → load → save, broken
/// files leave the document alone, `save!` and `recover` work.
@Suite struct SessionProjectTests {
    /// Files in memory; a plain write refuses to replace a file that is not a project, as the
    /// real `LocalFiles` does.
    final class MemoryFiles: ReplacingFileAccess, @unchecked Sendable {
        var files: [String: [UInt8]] = [:]
        struct Refused: Error, CustomStringConvertible { var description: String }
        func read(_ path: String) throws -> [UInt8] {
            guard let b = files[path] else { throw Refused(description: "no such file") }
            return b
        }
        func write(_ bytes: [UInt8], to path: String) throws { try write(bytes, to: path, replacing: false) }
        func write(_ bytes: [UInt8], to path: String, replacing: Bool) throws {
            if !replacing, let old = files[path], !old.isEmpty, !ProjectFile.isProject(Data(old)) {
                throw Refused(description: "it is not a LayerLab project; use 'save! \(path)' to replace it")
            }
            files[path] = bytes
        }
    }

    struct Codec: ProjectCodec {
        func encode(_ document: Document) -> [UInt8] { [UInt8](ProjectFile.encode(document)) }
        func decode(_ bytes: [UInt8]) throws -> Document { try ProjectFile.decode(Data(bytes)) }
    }

    func session(_ files: MemoryFiles) -> Session { Session(files: files, codec: Codec()) }

    static let examples: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples")
        let all = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(".lab") }.sorted().map { root.appendingPathComponent($0).path }
    }()

    @Test func thereAreExamples() { #expect(SessionProjectTests.examples.count >= 3) }

    @Test(arguments: examples)
    func everyExampleRoundTrips(_ path: String) throws {
        var s = session(MemoryFiles())
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let outcome = s.runScript(text, name: path)
        if let d = outcome.diagnostic { Issue.record("the example fails to run: \(d)"); return }
        let data = ProjectFile.encode(s.document)
        let back = try ProjectFile.decode(data)
        #expect(back == s.document)
        #expect(ProjectFile.encode(back) == data)
    }

    @Test func saveLoadSaveThroughTheSession() throws {
        let files = MemoryFiles()
        var s = session(files)
        _ = s.handle("shape ring path=circle(50, 50, 20) strokeColor=red lineWidth=2")
        _ = s.handle("animate ring strokeEnd from=0 to=1 duration=1 as grow")
        #expect(s.handle("save a.json").diagnostic == nil)
        var t = session(files)
        #expect(t.handle("load a.json").diagnostic == nil)
        #expect(t.document == s.document)
        #expect(t.handle("save b.json").diagnostic == nil)
        #expect(files.files["a.json"] == files.files["b.json"])
    }

    @Test func aBrokenProjectLeavesTheDocumentAlone() throws {
        let files = MemoryFiles()
        files.files["new.json"] = Array("{\"format\": \"layerlab-project\",\n \"version\": 2}".utf8)
        var s = session(files)
        _ = s.handle("layer box")
        let before = s.document
        let outcome = s.handle("load new.json")
        #expect(outcome.diagnostic?.message == "cannot load 'new.json': line 2, column 13: at $.version: made by a newer LayerLab (format version 2); this one reads up to 1")
        #expect(s.document == before)
    }

    @Test func loadIsUndoable() throws {
        let files = MemoryFiles()
        files.files["p.json"] = [UInt8](ProjectFile.encode(Document()))
        var s = session(files)
        _ = s.handle("layer box")
        let before = s.document
        _ = s.handle("load p.json")
        #expect(s.document == Document())
        _ = s.handle("undo")
        #expect(s.document == before)
    }

    @Test func saveBangReplacesAFileThatIsNotAProject() throws {
        let files = MemoryFiles()
        files.files["package.json"] = Array("{\"name\": \"web\"}".utf8)
        var s = session(files)
        _ = s.handle("layer box")
        #expect(s.handle("save package.json").diagnostic?.message ==
                "cannot save 'package.json': it is not a LayerLab project; use 'save! package.json' to replace it")
        #expect(files.files["package.json"] == Array("{\"name\": \"web\"}".utf8))
        let forced = s.handleProjectCommand("save! package.json", recovered: { nil })
        #expect(forced?.responses == [.text("saved package.json")])
        #expect(ProjectFile.isProject(Data(files.files["package.json"]!)))
        #expect(!s.isDirty)
        #expect(s.fileName == "package.json")
    }

    @Test func projectCommandsLeaveOtherLinesAlone() {
        var s = session(MemoryFiles())
        #expect(s.handleProjectCommand("save a.json", recovered: { nil }) == nil)
        #expect(s.handleProjectCommand("  # recover", recovered: { nil }) == nil)
        #expect(s.handleProjectCommand("recovery", recovered: { nil }) == nil)
    }

    @Test func projectCommandErrors() {
        var s = session(MemoryFiles())
        #expect(s.handleProjectCommand("save!", recovered: { nil })?.diagnostic?.description ==
                "<stdin>:1:1: save! needs the file to replace (save! FILE.json)\n 1 | save!\n   | ^^^^^")
        #expect(s.handleProjectCommand("save! a.lab", recovered: { nil })?.diagnostic?.message ==
                "projects are saved as .json (scripts are written by hand)")
        #expect(s.handleProjectCommand("recover now", recovered: { nil })?.diagnostic?.message == "recover takes no file name")
        #expect(s.handleProjectCommand("save! \"my file.json\" x", recovered: { nil })?.diagnostic?.message ==
                "unexpected text after the command")
        #expect(s.handleProjectCommand("recover", recovered: { nil })?.diagnostic?.message ==
                "there is no unsaved work from a crashed session to recover")
    }

    @Test func recoverBringsBackTheWorkAsOneUndoableStep() {
        var s = session(MemoryFiles())
        _ = s.handle("layer mine")
        let before = s.document
        var crashed = Document()
        crashed.layers = [Layer(name: "theirs", kind: .shape)]
        let outcome = s.handleProjectCommand("recover", recovered: { (crashed, "/work/a.json") })
        #expect(outcome?.responses == [.text("recovered the work of a session that did not exit cleanly (editing /work/a.json); 'undo' puts back what was here")])
        #expect(s.document == crashed)
        #expect(s.fileName == "/work/a.json")
        #expect(s.isDirty)
        _ = s.handle("undo")
        #expect(s.document == before)
    }
}
