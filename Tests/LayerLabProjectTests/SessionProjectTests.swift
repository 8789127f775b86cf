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
    final class MemoryFiles: ReplacingFileAccess, RecoverySource, @unchecked Sendable {
        var files: [String: [UInt8]] = [:]
        /// What `recover` finds, taken once.
        var crashed: (document: Document, file: String?)?
        func takeRecoveredWork() -> (document: Document, file: String?)? {
            defer { crashed = nil }
            return crashed
        }
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

    @Test func thePosterTimeRoundTrips() throws {
        var doc = Document()
        doc.canvas.poster = 1.25
        let bytes = ProjectFile.encode(doc)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"poster\": 1.25"))
        #expect(try ProjectFile.decode(bytes) == doc)
        #expect(!String(decoding: ProjectFile.encode(Document()), as: UTF8.self).contains("poster"), "left out when unset")
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
        #expect(s.handle("save! package.json").responses == [.text("saved package.json")])
        #expect(ProjectFile.isProject(Data(files.files["package.json"]!)))
        #expect(!s.isDirty)
        #expect(s.fileName == "package.json")
    }

    @Test func saveBangErrors() {
        var s = session(MemoryFiles())
        #expect(s.handle("save!").diagnostic?.description ==
                "<stdin>:1:6: expected a file name, found end of input\n 1 | save!\n   |      ^")
        #expect(s.handle("save! a.txt").diagnostic?.message == "save writes a .json project or a .lab script, not 'a.txt'")
        #expect(s.handle("save ! a.json").diagnostic != nil, "the ! belongs to the word")
    }

    @Test func recoverWithNothingToRecover() {
        var s = session(MemoryFiles())
        #expect(s.handle("recover").diagnostic?.message == "there is no unsaved work from a crashed session to recover")
        #expect(s.handle("recover now").diagnostic != nil)
    }

    @Test func recoverBringsBackTheWorkAsOneUndoableStep() {
        let files = MemoryFiles()
        var s = session(files)
        _ = s.handle("layer mine")
        let before = s.document
        var crashed = Document()
        crashed.layers = [Layer(name: "theirs", kind: .shape)]
        files.crashed = (crashed, "/work/a.json")
        let outcome = s.handle("recover")
        #expect(outcome.responses == [.text("recovered the work of a session that did not exit cleanly (editing /work/a.json); 'undo' puts back what was here")])
        #expect(s.document == crashed)
        #expect(s.fileName == "/work/a.json")
        #expect(s.isDirty)
        _ = s.handle("undo")
        #expect(s.document == before)
    }
}
