import Glibc
import Synchronization

/// Answers to the graphics queries that arrive after `GraphicsProbe` stopped waiting (a slow
/// terminal, or a slow link), taken out of the input before the line editor or `play`'s keys
/// see them.
///
/// Once a probe ends without the device attributes (the reply that always comes, and last),
/// every byte read from the terminal passes through `filter`: an `ESC` that may begin a reply
/// is held, and the bytes after it with it, until they either make a reply (dropped; the device
/// attributes end the watch) or cannot (given back as they came, so keys such as arrows and
/// Alt-letters are untouched). A held `ESC` with nothing after it is a key: readers give it
/// back with `release` when nothing more comes within `settle`. Replies are what no key sends:
/// `CSI ? … c` and `CSI ? … S`, `CSI 4;…t` / `CSI 6;…t` / `CSI 8;…t`, and kitty's `APC G … ST`.
enum LateReplies {
    /// How long a reader waits for the rest of a held sequence: a terminal writes a reply in
    /// one piece, so anything longer is a person pressing Esc.
    static let settle: Int32 = 40

    struct Filter: Sendable {
        /// A probe gave up before the terminal finished answering.
        var pending = false
        /// The start of a possible reply.
        var held: [UInt8] = []
        /// Bytes that passed but did not fit a reader's buffer, handed out first next time.
        var queued: [UInt8] = []

        enum Shape { case reply(last: Bool), prefix, other }

        /// The bytes to pass on for `byte`.
        mutating func feed(_ byte: UInt8) -> [UInt8] {
            guard pending || !held.isEmpty else { return [byte] }
            if held.isEmpty {
                if byte == 0x1B { held = [byte]; return [] }
                return [byte]
            }
            held.append(byte)
            switch Filter.shape(held) {
            case .prefix: return []
            case .reply(let last):
                held = []
                if last { pending = false }
                return []
            case .other:
                var out = held
                held = []
                // A new ESC may begin a reply of its own.
                if out.count > 1, out.last == 0x1B, pending { out.removeLast(); held = [0x1B] }
                return out
            }
        }

        /// What `bytes` (starting with ESC) are: a whole reply, the start of one, or no reply.
        static func shape(_ b: [UInt8]) -> Shape {
            guard b.count >= 2 else { return .prefix }
            switch b[1] {
            case UInt8(ascii: "["):
                guard b.count > 2 else { return .prefix }
                let question = b[2] == UInt8(ascii: "?")
                let start = question ? 3 : 2
                guard b.count <= 64 else { return .other }
                for i in start..<b.count {
                    let c = b[i]
                    if (0x30...0x39).contains(c) || c == UInt8(ascii: ";") { continue }
                    guard i == b.count - 1, i > start else { return .other }
                    if question && (c == UInt8(ascii: "c") || c == UInt8(ascii: "S")) {
                        return .reply(last: c == UInt8(ascii: "c"))
                    }
                    let kind = b[start]
                    if !question && c == UInt8(ascii: "t") && [UInt8(ascii: "4"), UInt8(ascii: "6"), UInt8(ascii: "8")].contains(kind)
                        && i > start + 1 && b[start + 1] == UInt8(ascii: ";") {
                        return .reply(last: false)
                    }
                    return .other
                }
                return .prefix
            case UInt8(ascii: "_"):
                guard b.count > 2 else { return .prefix }
                guard b[2] == UInt8(ascii: "G"), b.count <= 1024 else { return .other }
                if b.count >= 4 && b[b.count - 2] == 0x1B && b[b.count - 1] == UInt8(ascii: "\\") { return .reply(last: false) }
                return .prefix
            default:
                return .other
            }
        }
    }

    private static let state = Mutex(Filter())

    /// A probe ended before the terminal's last reply: watch the input for it.
    static func expect() { state.withLock { $0.pending = true } }

    /// Whether replies are still expected.
    static var pending: Bool { state.withLock { $0.pending } }

    /// Whether bytes are held waiting for the rest of a possible reply.
    static var holding: Bool { state.withLock { !$0.held.isEmpty } }

    /// `bytes` read from the terminal with any late reply taken out.
    static func filter(_ bytes: [UInt8]) -> [UInt8] {
        state.withLock { (f: inout Filter) -> [UInt8] in
            guard f.pending || !f.held.isEmpty else { return bytes }
            var out: [UInt8] = []
            for b in bytes { out += f.feed(b) }
            return out
        }
    }

    /// The held bytes, given back: nothing more came, so they were keys.
    static func release() -> [UInt8] {
        state.withLock { (f: inout Filter) -> [UInt8] in
            let out = f.held
            f.held = []
            return out
        }
    }

    /// Reads from `fd` (a terminal) as `read` would, with late replies taken out: blocks until
    /// at least one byte passes (or end of input / an error: 0 or -1 as `read` gives).
    static func read(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
        let waiting = state.withLock { (f: inout Filter) -> [UInt8] in
            let q = f.queued
            f.queued = []
            return q
        }
        if !waiting.isEmpty { return deliver(waiting, into: &buffer) }
        while true {
            if holding {
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&p, 1, settle) == 0 {
                    let keys = release()
                    if !keys.isEmpty { return deliver(keys, into: &buffer) }
                }
            }
            var raw = [UInt8](repeating: 0, count: max(1, buffer.count))
            let n = Glibc.read(fd, &raw, raw.count)
            if n <= 0 { return n }
            let passed = filter(Array(raw[0..<n]))
            if !passed.isEmpty { return deliver(passed, into: &buffer) }
        }
    }

    /// Copies what fits of `bytes` into `buffer`; the rest waits for the next `read`.
    private static func deliver(_ bytes: [UInt8], into buffer: inout [UInt8]) -> Int {
        let n = min(bytes.count, buffer.count)
        for i in 0..<n { buffer[i] = bytes[i] }
        if n < bytes.count { state.withLock { f in f.queued = Array(bytes[n...]) + f.queued } }
        return n
    }
}
