import Foundation
import Testing

/// Compares text with a checked-in golden file under `__Goldens__/<suite>/<name>.txt`, beside
/// the calling test file.
///
/// `LAYERLAB_RECORD=1` (or `all`) rewrites goldens; `LAYERLAB_RECORD=missing` writes only
/// absent ones. Either way a recorded golden fails the test, so recording is never silent.
/// Unset (as on CI), a missing or different golden is simply a failure.
public func assertGolden(_ text: String, suite: String, name: String,
                  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    let dir = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        .appendingPathComponent("__Goldens__").appendingPathComponent(suite)
    let file = dir.appendingPathComponent(name + ".txt")
    let mode = ProcessInfo.processInfo.environment["LAYERLAB_RECORD"] ?? ""
    let existing = try? String(contentsOf: file, encoding: .utf8)
    let recordAll = mode == "1" || mode == "all"
    if recordAll || (mode == "missing" && existing == nil) {
        if existing == text { return }
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
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
        let a = existing.split(separator: "\n", omittingEmptySubsequences: false)
        let b = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        let want = line < a.count ? String(a[line]) : "<end>"
        let got = line < b.count ? String(b[line]) : "<end>"
        Issue.record("Golden \(suite)/\(name).txt differs at line \(line + 1):\n  golden: \(want)\n  actual: \(got)",
                     sourceLocation: sourceLocation)
    }
}

/// A frame as golden text: a header line, then each row framed in `|…|` so trailing
/// spaces show; escape characters are written `\e` so colour goldens stay readable.
public func goldenText(header: String, rows: [String]) -> String {
    var out = "# " + header + "\n"
    for r in rows { out += "|" + r.replacingOccurrences(of: "\u{1B}", with: "\\e") + "|\n" }
    return out
}
