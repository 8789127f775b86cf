import Foundation
import Testing

/// LayerLab is an app: its modules share declarations at `package` access and nothing in
/// Sources/ (nor in the test, benchmark and fuzz targets that use it) is `public` or `open`
/// (docs/modules.md; `scripts/package-access` rewrites them). Tests/SwiftStubs, Apple's API
/// type-checked on its own, is the one exception.
struct AccessLevelTests {
    /// Every Swift file of the package but the Apple stubs, as paths from the package's root
    /// (found from this file's path).
    static func swiftFiles() -> (root: URL, paths: [String]) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var paths: [String] = []
        for top in ["Sources", "Tests", "Benchmarks", "Fuzz"] {
            let all = FileManager.default.enumerator(atPath: root.appendingPathComponent(top).path)?
                .compactMap { $0 as? String } ?? []
            paths += all.filter { $0.hasSuffix(".swift") }.map { top + "/" + $0 }
                .filter { !$0.hasPrefix("Tests/SwiftStubs/") }
        }
        return (root, paths.sorted())
    }

    @Test func nothingIsDeclaredPublicOrOpen() throws {
        let (root, paths) = Self.swiftFiles()
        // Every module's files are read: an empty walk would pass for the wrong reason.
        #expect(paths.filter { $0.hasPrefix("Sources/") }.count > 100)
        var left: [String] = []
        var packageWords = 0
        for path in paths {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            packageWords += text.components(separatedBy: "package ").count - 1
            left += AccessModifierScanner.findings(in: text).map { "\(path):\($0)" }
        }
        #expect(left.isEmpty, "use `package` (run scripts/package-access):\n\(left.prefix(40).joined(separator: "\n"))")
        #expect(packageWords > 100, "the modules share their declarations at `package` access")
    }

    /// The scanner sees modifiers in code and only there.
    @Test func scannerFindsModifiersOnlyInCode() {
        let source = """
            /* a /* nested public */ still public */
            open class A { open override func f() {} }
            let s = "x \\(g("public")) public"; public let r = #"public "# + #"\\#("x") public"#
            let m = \"""
              public var x
              \\(1 + h("open class"))
              \"""
            public private(set) var v = open(path, 0); x.open(y); func open() {}; let open = 1
            @inlinable public init() {}
            `public` // public struct
            package struct P {}
            """
        let found = AccessModifierScanner.findings(in: source)
        #expect(found == [
            .init(line: 2, word: "open"), .init(line: 2, word: "open"), .init(line: 3, word: "public"),
            .init(line: 8, word: "public"), .init(line: 9, word: "public"),
        ])
    }
}
