import Foundation
import Testing

/// Compares text with a checked-in golden file under `__Goldens__/<suite>/<name>.txt`, beside
/// the calling test file.
///
/// `LAYERLAB_RECORD=1` (or `all`) rewrites goldens; `LAYERLAB_RECORD=missing` writes only
/// absent ones. Either way a recorded golden fails the test, so recording is never silent.
/// Unset (as on CI), a missing or different golden is simply a failure.
package func assertGolden(_ text: String, suite: String, name: String,
                  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    let dir = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        .appendingPathComponent("__Goldens__").appendingPathComponent(suite)
    let file = dir.appendingPathComponent(name + ".txt")
    let mode = ProcessInfo.processInfo.environment["LAYERLAB_RECORD"] ?? ""
    let existing = try? String(contentsOf: file, encoding: .utf8)
    let recordAll = mode == "1" || mode == "all"
    if recordAll || (mode == "missing" && existing == nil) {
        if existing == text { return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Not `atomically: true`: Foundation's atomic write leaves a TemporaryDirectory.* folder in /tmp.
        try? text.write(to: file, atomically: false, encoding: .utf8)
        Issue.record("Recorded golden \(suite)/\(name).txt", sourceLocation: sourceLocation)
        return
    }
    guard let existing else {
        Issue.record("Missing golden \(suite)/\(name).txt (run with LAYERLAB_RECORD=missing to write it)",
                     sourceLocation: sourceLocation)
        return
    }
    if existing != text {
        Issue.record("Golden \(suite)/\(name).txt differs:\n\(goldenDiff(existing, text))",
                     sourceLocation: sourceLocation)
    }
}

/// The lines that differ between a golden and the actual text, as `-`/`+` pairs with their
/// line numbers (at most `limit` of them, then how many more), so a failure shows what moved.
package func goldenDiff(_ golden: String, _ actual: String, limit: Int = 12) -> String {
    let a = golden.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    var differing = 0
    for i in 0..<max(a.count, b.count) {
        let x = i < a.count ? String(a[i]) : nil, y = i < b.count ? String(b[i]) : nil
        guard x != y else { continue }
        differing += 1
        if differing <= limit {
            out.append("  line \(i + 1):")
            out.append("  - " + (x ?? "<end>"))
            out.append("  + " + (y ?? "<end>"))
        }
    }
    if differing > limit { out.append("  … and \(differing - limit) more differing lines") }
    if a.count != b.count { out.append("  (golden \(a.count) lines, actual \(b.count))") }
    return out.joined(separator: "\n")
}

/// A frame as golden text: a header line, then each row framed in `|…|` so trailing
/// spaces show; escape characters are written `\e` so colour goldens stay readable.
package func goldenText(header: String, rows: [String]) -> String {
    var out = "# " + header + "\n"
    for r in rows { out += "|" + r.replacingOccurrences(of: "\u{1B}", with: "\\e") + "|\n" }
    return out
}
