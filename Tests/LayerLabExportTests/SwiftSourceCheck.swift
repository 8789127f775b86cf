import Foundation

/// Structural checks of generated Swift: balanced delimiters, and `swiftc -parse` (which
/// needs no QuartzCore) when a compiler is on the PATH.
enum SwiftSourceCheck {
    /// A description of the first unbalanced delimiter outside strings and comments, or nil.
    static func unbalanced(_ s: String) -> String? {
        var stack: [Character] = []
        var inString = false, escaped = false, inComment = false
        var previous: Character = " "
        for (i, ch) in s.enumerated() {
            defer { previous = ch }
            if inComment { if ch == "\n" { inComment = false }; continue }
            if inString {
                if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "\"" { inString = false }
                if ch == "\n" { return "string runs past a line end at offset \(i)" }
                continue
            }
            switch ch {
            case "/" where previous == "/": inComment = true
            case "\"": inString = true
            case "(", "[", "{": stack.append(ch)
            case ")", "]", "}":
                let open: Character = ch == ")" ? "(" : ch == "]" ? "[" : "{"
                guard stack.popLast() == open else { return "unexpected \(ch) at offset \(i)" }
            default: break
            }
        }
        if inString { return "unterminated string" }
        return stack.isEmpty ? nil : "\(stack.count) unclosed delimiters"
    }

    /// The `swiftc` on the PATH, if any.
    static let swiftc: String? = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let p = String(dir) + "/swiftc"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }()

    /// Runs `swiftc -parse` on the source; the compiler's complaint, or nil when it parses.
    static func parse(_ source: String, with swiftc: String) throws -> String? {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("layerlab-export-\(UUID().uuidString).swift")
        try source.write(to: file, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try compile(["-parse", file.path], with: swiftc)
        return run.status == 0 ? nil : run.output
    }

    /// Runs the compiler with `arguments`; its exit status and everything it printed.
    static func compile(_ arguments: [String], with swiftc: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
