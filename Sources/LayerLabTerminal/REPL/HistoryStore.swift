#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// The REPL's history between sessions: one entry a line in `$XDG_STATE_HOME/layerlab/history`
/// (else `~/.local/state/layerlab/history`).
///
/// Entries are appended as they are entered (O_APPEND, so a crash loses nothing and two
/// sessions interleave instead of overwriting each other). Loading drops consecutive
/// duplicates and keeps the last `limit`; the file is rewritten, compacted, when it has grown
/// past twice the limit. Backslashes and newlines in entries are escaped, so an entry is
/// always one line of the file.
package struct HistoryStore: Sendable {
    package let path: String
    package let limit: Int

    package init(path: String, limit: Int = 1000) { self.path = path; self.limit = max(1, limit) }

    /// The default location for an environment: `$XDG_STATE_HOME/layerlab/history`, else
    /// `$HOME/.local/state/layerlab/history`; nil when neither variable is set.
    package static func defaultPath(environment env: [String: String]) -> String? {
        if let state = env["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/layerlab/history"
        }
        if let home = env["HOME"], !home.isEmpty {
            return home + "/.local/state/layerlab/history"
        }
        return nil
    }

    /// The stored entries, oldest first, without consecutive duplicates, at most `limit`.
    package func load() -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        let all = HistoryStore.deduplicated(lines.map { HistoryStore.unescape(String($0)) })
        if lines.count > 2 * limit { rewrite(Array(all.suffix(limit))) }
        return Array(all.suffix(limit))
    }

    /// Adds one entry at the end of the file (creating the folders as needed, mode 0600).
    package func append(_ entry: String) {
        guard !entry.isEmpty else { return }
        ensureFolder()
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        writeAll(fd, HistoryStore.escape(entry) + "\n")
    }

    private func rewrite(_ entries: [String]) {
        ensureFolder()
        let text = entries.map { HistoryStore.escape($0) + "\n" }.joined()
        let tmp = path + ".tmp\(getpid())"
        // NB: not `createFile` or an `.atomic` write: Foundation makes those through a
        // `TemporaryDirectory.*` folder in /tmp that it never removes. The rename is atomic.
        guard (try? Data(text.utf8).write(to: URL(fileURLWithPath: tmp))) != nil else { return }
        _ = rename(tmp, path)
    }

    private func ensureFolder() {
        guard let slash = path.lastIndex(of: "/") else { return }
        let dir = String(path[..<slash])
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
    }

    static func deduplicated(_ entries: [String]) -> [String] {
        var out: [String] = []
        for e in entries where !e.isEmpty && e != out.last { out.append(e) }
        return out
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.append(c)
            }
        }
        return out
    }

    static func unescape(_ s: String) -> String {
        var out = ""
        var escaped = false
        for c in s {
            if escaped {
                switch c {
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}
