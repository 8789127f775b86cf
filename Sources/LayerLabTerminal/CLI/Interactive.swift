import Glibc
import LayerLabScript

/// `layerlab [FILE]`: the libedit REPL at a terminal (`REPL`); otherwise commands read line
/// by line from standard input with no prompt, going on past failures (exit status 1 if any
/// failed). The plain prompt loop below also serves a terminal where libedit cannot start.
enum Interactive {
    static func run(file: String?, io: StandardIO) -> Int32 {
        let tty = io.inputIsTerminal
        if tty, isatty(1) != 0, let status = REPL.run(file: file, io: io) { return status }
        var session = Session.forCommandLine(sourceName: "<stdin>", announceNames: tty)
        let recovery = SessionRecovery()
        if let notice = recovery.notice { io.err(notice) }
        defer { recovery.finish() } // returning is a clean exit; a kill leaves the journal
        var failed = false
        if let file {
            let (ok, quit) = io.report(session.open(file), from: session)
            if !ok { failed = true; if !tty { return 1 } }
            if quit { return failed ? 1 : 0 }
        }
        while true {
            if tty { promptWrite(session.isContinuing ? "...> " : "layerlab> ") }
            guard let line = io.readLine() else {
                if let outcome = session.finishInput() {
                    if !io.report(outcome, from: session).ok { failed = true }
                }
                break
            }
            var quit = false
            for outcome in session.handleLine(line) where !quit {
                recovery.record(session, inputWaiting: tty || io.inputWouldWait())
                let (ok, leave) = io.report(outcome, from: session)
                if !ok { failed = true }
                quit = leave
            }
            if quit { break }
        }
        // At a terminal a failed command is part of the conversation, not a failed run.
        return failed && !tty ? 1 : 0
    }

    static func promptWrite(_ s: String) { writeAll(1, s) }
}
