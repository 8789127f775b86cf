#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LayerLabCore
import LayerLabScript
@testable import LayerLabTerminal
import Testing

/// Piped input: the recovery journal encodes the whole project, so recording it after each of
/// 20,000 piped commands made a long script quadratic (2,000 lines: 35 s). It now catches up
/// only when ten times its own cost has passed, and always before input is waited for.
@Suite struct PipedJournalTests {
    /// A clock that moves 1 ms each time it is read: a write (read before and after) costs 1 ms.
    final class Clock: @unchecked Sendable {
        var now = 0.0
        func read() -> Double { now += 0.001; return now }
    }

    @Test func whileInputIsWaitingTheJournalWritesAtMostATenthOfTheTime() {
        let folder = PersistenceTests.Folder()
        let clock = Clock()
        let costly = SessionRecovery(directory: folder.path) { clock.read() }
        var session = Session(settings: .init(announceNames: false))
        for i in 0..<600 {
            _ = session.handle("layer l\(i)")
            costly.record(session, inputWaiting: false)
        }
        // A write costs 1 ms and comes only 10 ms after the last: about one record in 10.
        #expect(costly.writes <= 600 / 9, "\(costly.writes) writes")
        #expect(costly.writes >= 600 / 12, "\(costly.writes) writes: the journal still follows the work")
        // Before waiting for input, the journal is brought up to date whatever the clock says.
        let before = costly.writes
        _ = session.handle("layer last")
        costly.record(session, inputWaiting: true)
        #expect(costly.writes == before + 1)
        let orphan = costly.journal.map { RecoveryJournal.readSnapshot($0.snapshotPath) }
        #expect(orphan??.project.isEmpty == false)
        costly.finish()
    }

    @Test func linesAreReadAheadAndKnownToBeThere() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let reader = StandardInputLines(fd: fds[0])
        #expect(reader.wouldWait)
        let text = "layer a\r\nlayer b\n\n" + String(repeating: "x", count: 200_000) + "\nend"
        let writeEnd = fds[1]
        let writer = Thread { _ = text.utf8CString.withUnsafeBufferPointer { write(writeEnd, $0.baseAddress, $0.count - 1) }; close(writeEnd) }
        writer.start()
        #expect(reader.next() == "layer a")
        #expect(!reader.wouldWait)
        #expect(reader.next() == "layer b")
        #expect(reader.next() == "")
        #expect(reader.next()?.count == 200_000)
        #expect(reader.next() == "end")
        #expect(reader.next() == nil)
        #expect(!reader.wouldWait)
        close(fds[0])
    }
}
