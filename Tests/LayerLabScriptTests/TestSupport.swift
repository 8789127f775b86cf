import Testing
import LayerLabCore
@testable import LayerLabScript

/// Files kept in memory, for load and save without a file system.
final class MemoryFiles: FileAccess, @unchecked Sendable {
    struct Missing: Error, CustomStringConvertible { var description: String { "no such file" } }
    var files: [String: [UInt8]]
    init(_ files: [String: String] = [:]) { self.files = files.mapValues { Array($0.utf8) } }
    func read(_ path: String) throws -> [UInt8] {
        guard let f = files[path] else { throw Missing() }
        return f
    }
    func write(_ bytes: [UInt8], to path: String) throws { files[path] = bytes }
}

/// A stand-in project codec: the document's `tree` text is enough to round-trip in tests.
struct FakeCodec: ProjectCodec {
    struct Broken: Error, CustomStringConvertible { var description: String { "line 1, column 1: not a project" } }
    final class Store: @unchecked Sendable { var docs: [[UInt8]: Document] = [:] }
    let store = Store()
    func encode(_ document: Document) -> [UInt8] {
        let key = Array("doc\(store.docs.count)".utf8)
        store.docs[key] = document
        return key
    }
    func decode(_ bytes: [UInt8]) throws -> Document {
        guard let d = store.docs[bytes] else { throw Broken() }
        return d
    }
}

extension Session {
    /// A quiet session for tests.
    static func test(files: MemoryFiles = MemoryFiles()) -> Session {
        Session(files: files, codec: FakeCodec(), settings: Settings(sourceName: "<test>", announceNames: false))
    }

    /// Runs lines, failing the test on the first error; returns the printed text.
    @discardableResult
    mutating func ok(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let o = run(text, name: "<test>")
        if let d = o.diagnostic {
            Issue.record("unexpected error:\n\(d)", sourceLocation: sourceLocation)
        }
        return o.responses.compactMap { r -> String? in
            if case .text(let s) = r { return s }
            if case .effect(.page(let s)) = r { return s }
            return nil
        }.joined(separator: "\n")
    }

    /// Runs text that must fail; returns the rendered diagnostic.
    mutating func fails(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        guard let d = run(text, name: "<test>").diagnostic else {
            Issue.record("expected an error for: \(text)", sourceLocation: sourceLocation)
            return ""
        }
        return d.description
    }
}

