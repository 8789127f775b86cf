import Glibc
import LayerLabRaster
import Testing
@testable import LayerLabTerminal

/// Terminal detection against scripted answers: the probe's queries go to a pseudo-terminal
/// whose other end answers as kitty, a sixel-only terminal, a plain one, a slow one, one
/// that answers with garbage, or one that says nothing.
@Suite(.serialized) struct GraphicsProbeTests {
    /// A pty pair: the probe talks on `slave`, the scripted terminal on `master`.
    final class Pair {
        let master: Int32, slave: Int32
        init() throws {
            master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
            var unlock: Int32 = 0, number: UInt32 = 0
            guard master >= 0, ioctl(master, PTYSession.setLock, &unlock) == 0,
                  ioctl(master, PTYSession.number, &number) == 0 else {
                throw PTYSession.Failure(description: "no pseudo-terminal")
            }
            slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard slave >= 0 else { throw PTYSession.Failure(description: "no slave") }
        }
        deinit { close(master); close(slave) }

        /// Reads what the probe wrote until the DA query, then answers `reply` after `delay` ms.
        func answer(_ reply: String, after delay: Int = 0, then typed: String = "") -> Answerer {
            let master = master
            return Answerer {
                var got: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 256)
                while !String(decoding: got, as: UTF8.self).hasSuffix("\u{1B}[c") {
                    var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
                    guard poll(&fds, 1, 2000) > 0 else { return }
                    let n = read(master, &buffer, buffer.count)
                    if n <= 0 { return }
                    got += buffer[0..<n]
                }
                if delay > 0 { usleep(UInt32(delay * 1000)) }
                writeAll(master, reply + typed)
            }
        }
    }

    final class Answerer: @unchecked Sendable {
        var thread = pthread_t()
        let body: () -> Void
        init(_ body: @escaping () -> Void) {
            self.body = body
            let box = Unmanaged.passRetained(self).toOpaque()
            pthread_create(&thread, nil, { p in
                let me = Unmanaged<Answerer>.fromOpaque(p!).takeRetainedValue()
                me.body()
                return nil
            }, box)
        }
        func join() { pthread_join(thread, nil) }
    }

    static let kittyReply = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?1;0;256S\u{1B}[?2;0;1000;1000S\u{1B}[6;20;10t\u{1B}[4;600;1000t\u{1B}[?62;22c"
    static let sixelReply = "\u{1B}[?1;0;1024S\u{1B}[?2;0;1000;1000S\u{1B}[?63;1;2;4;6;9;15;22c"
    static let plainReply = "\u{1B}[?62;22c"

    func probe(_ reply: String?, after delay: Int = 0, typed: String = "", silence: Int = GraphicsProbe.silence)
        throws -> (GraphicsReplies, ms: Double, left: [UInt8]) {
        let pair = try Pair()
        let thread = reply.map { pair.answer($0, after: delay, then: typed) }
        let clock = MonotonicClock()
        let start = clock.now
        let replies = GraphicsProbe.ask(input: pair.slave, output: pair.slave, silence: silence)
        let ms = (clock.now - start) * 1000
        thread?.join()
        // What is still waiting to be read by whoever reads next (the line editor).
        usleep(20_000)
        var left: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        _ = fcntl(pair.slave, F_SETFL, fcntl(pair.slave, F_GETFL) | O_NONBLOCK)
        while true {
            let n = read(pair.slave, &buffer, buffer.count)
            if n <= 0 { break }
            left += buffer[0..<n]
        }
        return (replies, ms, left)
    }

    @Test func kittyIsFoundWithItsCellSize() throws {
        let (r, _, left) = try probe(Self.kittyReply)
        #expect(r.kitty && !r.sixel && r.complete)
        #expect(r.cellPixels?.width == 10 && r.cellPixels?.height == 20)
        #expect(GraphicsProbe.Support(replies: r).best == .kitty)
        #expect(left.isEmpty, "answers left in the input: \(left)")
    }

    @Test func sixelOnlyTerminal() throws {
        let (r, _, left) = try probe(Self.sixelReply)
        #expect(!r.kitty && r.sixel)
        #expect(r.sixelColors == 1024 && r.sixelMaxSize?.width == 1000)
        #expect(GraphicsProbe.Support(replies: r).best == .sixel)
        #expect(left.isEmpty)
    }

    @Test func plainTerminalHasNoImages() throws {
        let (r, ms, left) = try probe(Self.plainReply)
        #expect(r.complete && !r.kitty && !r.sixel)
        #expect(GraphicsProbe.Support(replies: r).best == nil)
        #expect(ms < 100, "a terminal that answers at once took \(ms) ms")
        #expect(left.isEmpty)
    }

    /// Nothing answers: the probe gives up within 100 ms.
    @Test func silentTerminalCostsUnder100ms() throws {
        let (r, ms, _) = try probe(nil)
        #expect(!r.complete && GraphicsProbe.Support(replies: r).best == nil)
        #expect(ms < 100, "a silent terminal cost \(ms) ms")
    }

    /// A mode named for a terminal (`--mode kitty`) gives it `patience` to begin answering: a
    /// busy terminal that starts after the usual silence is still read whole, not left to be
    /// echoed under the picture once a one-shot command has ended.
    @Test func aTerminalNamedForItsImagesIsWaitedForLonger() throws {
        let (r, ms, left) = try probe(Self.kittyReply, after: 250, silence: GraphicsProbe.patience)
        #expect(r.kitty && r.complete, "\(ms) ms")
        #expect(left.isEmpty, "answers left in the input: \(left)")
    }

    /// An answer that starts late but within the silence, and then trickles: still read whole.
    @Test func slowTerminalIsWaitedFor() throws {
        let (r, _, left) = try probe(Self.sixelReply, after: 40)
        #expect(r.sixel && r.complete)
        #expect(left.isEmpty)
    }

    /// Garbage around the answers is skipped (and swallowed): the answers still count.
    @Test func garbageIsSkipped() throws {
        let junk = "\u{1B}[?1;3;0S\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\zz\u{1B}[6;x;9t\u{1B}]11;rgb:0/0/0\u{07}\u{1B}[?"
        let (r, _, left) = try probe(junk + "\u{1B}[?62;4c")
        #expect(!r.kitty && r.sixel && r.sixelColors == nil && r.cellPixels == nil)
        #expect(left.isEmpty)
    }

    /// The parser on its own: no DA means incomplete, whatever else came.
    @Test func partialAnswersAreIncomplete() {
        let r = GraphicsReplies.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;16;8t".utf8))
        #expect(r.kitty && !r.complete && r.cellPixels?.width == 8)
        #expect(!GraphicsReplies.parse(Array("\u{1B}[?62;4".utf8)).complete)
    }

    @Test func environmentOnlyDecidesWhetherToAsk() {
        #expect(GraphicsProbe.isMultiplexed(["TMUX": "/tmp/tmux-0/default,1,0"]))
        #expect(GraphicsProbe.isMultiplexed(["TERM": "screen-256color"]))
        #expect(!GraphicsProbe.isMultiplexed(["TERM": "xterm-kitty"]))
        #expect(GraphicsProbe.worthAsking(["TERM": "xterm-kitty"]))
        #expect(GraphicsProbe.worthAsking(["XTERM_VERSION": "XTerm(379)"]))
        #expect(!GraphicsProbe.worthAsking(["TERM": "xterm-256color"]))
        #expect(!GraphicsProbe.worthAsking(["TERM": "xterm-kitty", "LAYERLAB_PIXELS": "0"]))
    }
}
